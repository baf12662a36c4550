/**
 * index.html's inline CSS. Prose and table cells wrap between words only; code blocks (pre) may
 * break anywhere, and dotted ids offer a break after each dot (<wbr>, html.ts).
 */
import type { VerdictKind } from '../../run-result.ts';

/** The badge of each verdict kind: its words and its colour, distinct from one another. */
export const VERDICT_BADGE: Readonly<Record<VerdictKind, { label: string; colour: string }>> = {
  conforming: { label: 'CONFORMING', colour: '#1a7f37' },
  'conforming-without-test-control': {
    label: 'CONFORMING WITHOUT TEST CONTROL',
    colour: '#0e7c86',
  },
  'not-shown': { label: 'NOT SHOWN', colour: '#57606a' },
  'expectations-out-of-date': { label: 'EXPECTATIONS OUT OF DATE', colour: '#8250df' },
  undecided: { label: 'UNDECIDED', colour: '#bc4c00' },
  interrupted: { label: 'INTERRUPTED', colour: '#0969da' },
  'not-conforming': { label: 'NOT CONFORMING', colour: '#cf222e' },
};

export const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:16px 24px}header h1{margin:0 0 6px;font-size:20px}
header dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:0;font-size:13px}
header dt{opacity:.7}header dd{margin:0}header code.cmd{overflow-wrap:anywhere}main{padding:16px 24px;max-width:1400px;box-sizing:border-box}
a{color:#0550ae}
#verdict{display:flex;flex-wrap:wrap;align-items:center;gap:8px 14px;margin:14px 0}
.verdict-badge{display:inline-block;padding:6px 14px;border-radius:6px;color:#fff;font-size:20px;font-weight:700;letter-spacing:.03em}
.exit{font:600 14px ui-monospace,monospace;padding:4px 8px;border-radius:4px;border:2px solid currentColor}
.verdict{font-size:16px;font-weight:600;margin:0;flex:1 1 480px}
.jump{font-weight:600}
.needs{background:#fff;border:1px solid #d8dee4;border-left:4px solid #0e7c86;padding:6px 12px;margin:0 0 12px}.needs ul{margin:4px 0}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0 20px}
th,td{border:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f4}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.bar{display:flex;height:14px;min-width:240px;border-radius:3px;overflow:hidden;background:#eee}
.bar span{display:block;height:100%}
.s-pass{background:#2da44e}.s-observed{background:#0969da}.s-fail{background:#cf222e}.s-error{background:#fb8500}.s-expected-fail{background:#8250df}.s-blocked{background:#9a6700}
.s-skip{background:#8c959f}.s-not-covered{background:#d0d7de}.s-not-run{background:#afb8c1}
.badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap;text-decoration:none}
.badge.s-not-covered,.badge.s-not-run{color:#1d2430}.lvl{font-size:12px;font-weight:600}.lvl-INFO,.lvl-SHOULD{color:#57606a}
code,pre{font:12px/1.4 ui-monospace,monospace}
pre{background:#f6f8fa;border:1px solid #d8dee4;padding:8px;overflow:auto;max-height:480px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}
.failure{background:#fff;border:1px solid #d8dee4;border-left:4px solid #cf222e;padding:8px 12px;margin:10px 0}
.failure.error{border-left-color:#fb8500}.failure.expected-fail{border-left-color:#8250df}.failure.blocked{border-left-color:#9a6700}.failure.observed{border-left-color:#0969da}
.failure .where{font-size:12px;color:#57606a}
.failure-group>.failure{margin-left:12px}.failure-group .operations{margin:4px 0}
.harness-count{font-weight:700;color:#bc4c00;margin-right:6px}
.exchange{border-left:2px solid #d8dee4;padding-left:8px;margin:6px 0}.exchange>summary{cursor:pointer}.exchange.judged{border-left:4px solid #cf222e;background:#fff5f5}.judged-label{background:#cf222e;color:#fff;border-radius:3px;padding:0 5px;font-size:12px}
details.raw>summary{font-size:12px;color:#57606a;cursor:pointer}
.faults{font-size:12px}.none{color:#57606a;font-size:12px}.decision{color:#57606a;font-size:12px}
.observations{margin:4px 0 0 0;padding-left:18px;color:#0a3069;font-size:12px}
.tests-of .badge{margin:0 3px 2px 0;min-width:14px;text-align:center}
h2{margin-top:28px;border-bottom:1px solid #d8dee4}.legend>span{display:inline-block;margin:0 14px 2px 0}
h3 .counts{font-weight:400;font-size:13px;color:#57606a}
#controls{position:sticky;top:0;z-index:2;background:#f6f7f9;border-bottom:1px solid #d8dee4;padding:8px 0;display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center}
#controls label{white-space:nowrap;font-size:13px}#controls input[type=search]{font:inherit;padding:2px 6px;width:320px}
#shown{font-size:12px;color:#57606a}
.hidden{display:none}
[id]{scroll-margin-top:90px}
table.tests,table.requirements{table-layout:fixed}
table.tests th:nth-child(1){width:110px}table.tests th:nth-child(3){width:300px}table.tests th:nth-child(4){width:80px}
table.requirements th:nth-child(1){width:280px}table.requirements th:nth-child(2){width:60px}table.requirements th:nth-child(3){width:110px}
table.requirements th:nth-child(5){width:220px}table.requirements th:nth-child(6){width:140px}
.failure p{margin:6px 0}
:target{outline:3px solid #f2cc60;outline-offset:2px}
`;
