/**
 * index.html: the compliance report, one self-contained file (inline CSS and script, no network,
 * opens from disk). A pure function of the run result (style.md 18). It reads at a glance: a
 * verdict badge with the exit code, a jump to the failures, a status filter and a search, tests
 * grouped by spec section with failures first, and links both ways between requirement, test and
 * failure card (ids: req-<id>, test-<anchor>, card-<anchor>).
 */
import { describeHarnessError } from '../results/harness-errors.ts';
import { SECTION_TITLES, SECTIONS } from '../requirements/index.ts';
import {
  REQUIREMENT_STATUSES,
  type RequirementResult,
  type RequirementStatus,
  type RunResult,
  type TestResult,
} from '../results/model.ts';
import { describeCapability, exitCode, judgeVerdict } from '../results/verdict.ts';
import { escapeXml as h } from './escape.ts';
import { stripHarnessFrames } from './harness-frames.ts';
import { SCRIPT } from './html-script.ts';
import { CSS, VERDICT_BADGE } from './html-style.ts';
import { renderTranscript } from './html-transcript.ts';

const STATUSES = REQUIREMENT_STATUSES;

/** Failures first, then what else needs a look, passes last. */
const TEST_ORDER: Readonly<Record<string, number>> = {
  fail: 0,
  error: 1,
  'expected-fail': 2,
  observed: 3,
  skip: 4,
  'not-run': 5,
  pass: 6,
};

/** The statuses whose tests get a card of their own (what went wrong, transcript, reproduce). */
const CARDED = new Set(['fail', 'error', 'expected-fail', 'observed']);

/** Where each test and card sits in the page, and the spec section it belongs to. */
interface Layout {
  requirements: ReadonlyMap<string, RequirementResult>;
  testAnchor: ReadonlyMap<string, string>;
  sectionOf(t: TestResult): string;
  hasCard(t: TestResult): boolean;
}

function layout(run: RunResult): Layout {
  const requirements = new Map(run.requirements.map((r) => [r.id, r]));
  const taken = new Set<string>();
  const testAnchor = new Map<string, string>();
  for (const t of run.tests) {
    let a = anchor(t.id);
    for (let n = 2; taken.has(a); n++) a = `${anchor(t.id)}-${n}`;
    taken.add(a);
    testAnchor.set(t.id, a);
  }
  return {
    requirements,
    testAnchor,
    sectionOf: (t) => requirements.get(t.requirements[0] ?? '')?.section ?? '(no section)',
    hasCard: (t) => CARDED.has(t.status),
  };
}

export function renderHtml(run: RunResult): string {
  const at = layout(run);
  const bySection = (a: TestResult, b: TestResult) =>
    sectionRank(at.sectionOf(a)) - sectionRank(at.sectionOf(b));
  const failing = run.tests
    .filter((t) => t.status === 'fail' || t.status === 'error')
    .sort(bySection);
  const excused = run.tests.filter((t) => t.status === 'expected-fail').sort(bySection);
  const observedTests = run.tests.filter((t) => t.status === 'observed').sort(bySection);
  const cards = (tests: TestResult[]) => tests.map((t) => failure(t, at)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report — ${h(run.target)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head>
<body>
<header><h1>Conformance report</h1><dl>
<dt>Target</dt><dd id="target">${run.label ? `<strong>${h(run.label)}</strong> · ` : ''}${h(run.target)} (${run.targetKind === 'embedded' ? 'embedded reference server' : 'external implementation'})</dd>
<dt>Started</dt><dd>${h(run.startedAt)} · ${(run.durationMs / 1000).toFixed(1)} s</dd>
<dt>Seed</dt><dd id="seed">${run.seed} (fast-check runs per property: ${run.runs})</dd>
<dt>Capabilities</dt><dd>${h(
    Object.entries(run.capabilities)
      .map(([k, v]) => `${k}: ${v ? 'yes' : 'no'}`)
      .join(', ') || 'none',
  )}</dd>
<dt>Command</dt><dd><code class="cmd">${h(run.command)}</code></dd>${provenance(run)}
</dl></header>
<main>
${verdict(run, failing.length)}
${harnessErrors(run)}
${expectations(run)}
<h2 id="summary">Summary by specification section</h2>
${legend()}
${sectionTable(run.requirements)}
${controls(run)}
<h2 id="failures">Failures and harness errors (${failing.length})</h2>
${failing.length === 0 ? '<p>No test failed.</p>' : cards(failing)}
${excused.length === 0 ? '' : `<h2 id="expected-failures">Expected failures (${excused.length})</h2>\n${cards(excused)}`}
${observedTests.length === 0 ? '' : `<h2 id="observed">Observed where the specification leaves the choice open (${observedTests.length})</h2>\n<p class="decision">INFO checks: the target does not do what the real system does. Recorded for comparison, never a failure.</p>\n${cards(observedTests)}`}
<h2 id="requirements">Requirements</h2>
${SECTIONS.map((section) =>
  requirementTable(
    section,
    run.requirements.filter((r) => r.section === section),
    run,
    at,
  ),
).join('\n')}
<h2 id="tests">Tests (${run.tests.length}), by specification section, failures first</h2>
${testTables(run.tests, at)}
${leftovers(run, at)}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}

/**
 * What the run left on the target, by test, so that a user can clean a shared one (issue 9) and
 * see which check made what.
 */
function leftovers(run: RunResult, at: Layout): string {
  const l = run.leftovers;
  if (!l) return '';
  const shared = l.sharedProjects.map(
    (p) =>
      `<li><code>${h(p.shortName)}</code> (id ${p.id}, ${h(p.name)}): ${p.createdByRun ? 'created by this run; it remains' : 'named by the profile; the run changed it and its cleanups undid what they could'}</li>`,
  );
  const testIds = [...new Set(l.remaining.map((r) => r.test))];
  const names = new Map(run.tests.map((t) => [t.id, t.name]));
  const groups = testIds.map((id) => {
    const items = l.remaining.filter((r) => r.test === id);
    const a = at.testAnchor.get(id);
    const name = h(names.get(id) ?? id);
    return `<details class="leftover" data-test="${h(id)}"><summary>${a ? `<a href="#test-${a}">${name}</a>` : name} (${items.length})</summary><ul>${items
      .map((r) => `<li><span class="decision">${h(r.kind)}</span> ${h(r.what)}</li>`)
      .join('')}</ul></details>`;
  });
  return `<h2 id="leftovers">Left on the target</h2>
<p>The tests' cleanups undid ${l.undone} change(s) (memberships, user-group entries, generic users, tokens, sessions, values whose earlier state was read). What remains cannot be undone over these interfaces, or its earlier state is unknown. Names used by this run contain its run tag. Below, by the test that left it.</p>
${shared.length ? `<p><strong>Shared projects</strong></p><ul id="shared-projects">${shared.join('')}</ul>` : ''}
<div id="remaining">${groups.join('\n') || '<p>Nothing else remains.</p>'}</div>`;
}

function verdict(run: RunResult, failing: number): string {
  const v = run.verdict ?? judgeVerdict(run);
  const code = run.exitCode ?? exitCode(run);
  const badge = VERDICT_BADGE[v.kind];
  const needs = v.needTestControl.length
    ? `<div class="needs" id="needs-test-control"><strong>Not judged: ${v.needTestControl.length} MUST requirement(s) need test control</strong>, which the target lacks (README, "Test control"):<ul>${v.needTestControl
        .map(
          (r) =>
            `<li><a href="#req-${h(r.id)}"><code>${h(r.id)}</code></a> needs ${h(r.needs.map((c) => describeCapability(c)).join(' and '))}</li>`,
        )
        .join('')}</ul></div>`
    : '';
  const jump =
    failing > 0
      ? `<a class="jump" id="jump-failures" href="#failures">Jump to the ${failing} failure(s) and error(s) ↓</a>`
      : run.harnessErrors.length > 0
        ? `<a class="jump" id="jump-failures" href="#harness-errors">Jump to the harness errors ↓</a>`
        : '';
  return `<div id="verdict" data-verdict="${v.kind}" data-exit-code="${code}"><span class="verdict-badge" style="background:${badge.colour}">${badge.label}</span><span class="exit" style="color:${badge.colour}" title="the exit code of the run (README: 0 conforming, 1 a MUST failed, 2 not judged)">exit ${code}</span><p class="verdict">${h(v.text)}</p>${jump}</div>${needs}`;
}

function expectations(run: RunResult): string {
  const x = run.expectations;
  if (!x) return '';
  const unexpected = x.unexpectedPasses.length
    ? `<div class="failure error" id="unexpected-passes"><strong>Unexpected passes</strong>: listed in <code>${h(x.file)}</code> as known failures, they passed. Remove these lines, or rerun with <code>--expectations ${h(x.file)} --update-expectations</code>.<pre>${h(x.unexpectedPasses.join('\n'))}</pre></div>`
    : '';
  const deferred =
    x.judged === 'deferred'
      ? ' Unexpected passes are judged by <code>merge</code>, over every share.'
      : '';
  return `<p class="decision">Known failures: ${x.entries.length} entries of <code>${h(x.file)}</code>; ${x.unseen.length} concern no test of this run.${deferred}</p>${unexpected}`;
}

function provenance(run: RunResult): string {
  if (run.mergedFrom)
    return `<dt>Merged</dt><dd id="merged">${run.mergedFrom.length} runs: ${h(
      run.mergedFrom
        .map(
          (m) =>
            `${m.shard ? `shard ${m.shard} ` : ''}${m.source} (seed ${m.seed}, ${m.tests} tests)`,
        )
        .join('; '),
    )}</dd>`;
  return run.shard
    ? `<dt>Shard</dt><dd id="shard">${h(run.shard)}: this report holds only that share of the suites</dd>`
    : '';
}

/**
 * The run's own problems. An entry may carry a count (identical errors collapsed into one): then
 * it is shown once, with how many times it happened.
 */
function harnessErrors(run: RunResult): string {
  if (run.harnessErrors.length === 0) return '';
  return `<div class="failure error" id="harness-errors"><strong>Harness errors</strong>${run.harnessErrors
    .map(
      (e) =>
        `<pre>${e.count > 1 ? `<span class="harness-count" data-count="${e.count}">×${e.count}</span>` : ''}${h(describeHarnessError({ ...e, count: 1 }))}</pre>`,
    )
    .join('')}</div>`;
}

/** What each status means; only pass counts as conforming. */
export const STATUS_MEANING: Readonly<Record<RequirementStatus, string>> = {
  pass: 'every test of it passed',
  observed:
    'INFO: the target differs from the real system where the spec leaves it open (never a failure)',
  fail: 'the target broke the rule',
  error: 'the harness could not judge (no answer, timeout, failed setup)',
  'expected-fail': 'failed, listed as a known failure',
  skip: 'not judged, with the reason (e.g. a missing capability)',
  'not-run':
    'its tests exist, but this run left them out (--suite, --grep, --shard, or interrupted)',
  'not-covered': 'no test checks it yet',
};

function legend(): string {
  return `<p class="legend">${STATUSES.map((s) => `<span><span class="badge s-${s}">${s}</span> ${h(STATUS_MEANING[s])}</span>`).join(' ')}</p><p class="legend">Only pass counts as conforming.</p>`;
}

function sectionTable(requirements: readonly RequirementResult[]): string {
  const rows = SECTIONS.map((section) => {
    const inSection = requirements.filter((r) => r.section === section);
    return countsRow(
      `<a href="#sec-${anchor(section)}">${h(section)} ${h(SECTION_TITLES[section] ?? '')}</a>`,
      inSection,
      section,
    );
  });
  rows.push(countsRow('<strong>All</strong>', requirements, 'all'));
  return `<table id="requirement-totals"><thead><tr><th>Section</th><th>Overview</th>${STATUSES.map((s) => `<th>${s}</th>`).join('')}<th>total</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function countsRow(label: string, requirements: readonly RequirementResult[], key: string): string {
  const counts = STATUSES.map((s) => requirements.filter((r) => r.status === s).length);
  const total = requirements.length;
  const bar = STATUSES.map((s, i) =>
    counts[i]
      ? `<span class="s-${s}" style="width:${((counts[i]! / total) * 100).toFixed(2)}%" title="${s}: ${counts[i]}"></span>`
      : '',
  ).join('');
  return `<tr data-section="${h(key)}"><td>${label}</td><td><div class="bar">${bar}</div></td>${counts
    .map((n, i) => `<td class="n" data-status="${STATUSES[i]}">${n}</td>`)
    .join('')}<td class="n" data-status="total">${total}</td></tr>`;
}

/** The status filter and the search (html-script.ts); the statuses with their test counts. */
function controls(run: RunResult): string {
  const present = STATUSES.filter(
    (s) => run.tests.some((t) => t.status === s) || run.requirements.some((r) => r.status === s),
  );
  const boxes = present
    .map((s) => {
      const tests = run.tests.filter((t) => t.status === s).length;
      const reqs = run.requirements.filter((r) => r.status === s).length;
      const counts = [
        tests ? `${tests} test${tests === 1 ? '' : 's'}` : '',
        reqs ? `${reqs} req.` : '',
      ].filter(Boolean);
      return `<label><input type="checkbox" data-status="${s}" checked> ${s} <span class="decision">(${counts.join(', ')})</span></label>`;
    })
    .join('');
  return `<div id="controls"><strong>Show</strong>${boxes}<button type="button" id="failures-only">failures only</button><button type="button" id="show-all">show all</button><input type="search" id="search" placeholder="Search: requirement id, test, text" aria-label="search"><span id="shown"></span></div>`;
}

function requirementTable(
  section: string,
  requirements: readonly RequirementResult[],
  run: RunResult,
  at: Layout,
): string {
  const tests = new Map(run.tests.map((t) => [t.id, t]));
  const rows = requirements.map(
    (
      r,
    ) => `<tr id="req-${h(r.id)}" data-filter data-status="${r.status}"><td>${idCode(r.id)}</td><td class="lvl lvl-${r.level}">${r.level}</td>
<td><span class="badge s-${r.status}">${r.status}</span></td><td>${h(r.text)}${r.decision ? `<div class="decision">Decision: ${h(r.decision)}</div>` : ''}${
      r.reason && r.status !== 'fail' && r.status !== 'observed'
        ? `<div class="decision">${h(r.reason)}</div>`
        : ''
    }${observed(r.observations)}</td><td class="faults">${plantedFaults(r)}</td><td class="tests-of" data-tests="${r.tests.length}">${r.tests
      .map((ref, i) => {
        // Numbered, coloured by status; the title names the test and its status.
        const t = tests.get(ref.id);
        const a = at.testAnchor.get(ref.id);
        const title = h(`${ref.status}: ${t?.name ?? ref.id}`);
        if (!t || !a) return `<span class="badge s-${ref.status}" title="${title}">${i + 1}</span>`;
        return `<a class="badge s-${ref.status}" href="#${at.hasCard(t) ? 'card' : 'test'}-${a}" title="${title}">${i + 1}</a>`;
      })
      .join('')}</td></tr>`,
  );
  return `<section data-group id="sec-${anchor(section)}"><h3>${h(section)} ${h(SECTION_TITLES[section] ?? '')}</h3>
<table class="requirements"><thead><tr><th>Requirement</th><th>Level</th><th>Status</th><th>Statement</th><th title="planted faults of the reference server that self-validation saw make this requirement fail">Seen failing with</th><th>Tests</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Self-validation's evidence that the check can fail: the planted faults seen failing it. */
function plantedFaults(r: RequirementResult): string {
  if (r.plantedFaults === undefined) return '';
  if (r.level !== 'MUST') return '<span class="none">n/a: INFO never fails</span>';
  if (r.plantedFaults.length === 0)
    return '<span class="none" data-planted-faults="0">no planted fault known</span>';
  return `<span data-planted-faults="${r.plantedFaults.length}">${r.plantedFaults.map((f) => `<code>${h(f)}</code>`).join(' ')}</span>`;
}

/** What the target was seen to do (ctx.observe): the substance of an INFO requirement. */
function observed(observations: readonly string[] | undefined): string {
  if (!observations?.length) return '';
  return `<ul class="observations">${observations.map((o) => `<li>Observed: ${h(stripHarnessFrames(o))}</li>`).join('')}</ul>`;
}

function requirementLinks(t: TestResult, at: Layout): string {
  return t.requirements
    .map((id) => {
      const r = at.requirements.get(id);
      return r
        ? `<li><a href="#req-${h(r.id)}">${idCode(r.id)}</a> ${r.level} — ${h(r.text)}</li>`
        : `<li>${idCode(id)}</li>`;
    })
    .join('');
}

function failure(t: TestResult, at: Layout): string {
  const a = at.testAnchor.get(t.id)!;
  const expectedActual =
    t.expected !== undefined || t.actual !== undefined
      ? `<p><strong>${t.status === 'observed' ? 'What the real system does (expected)' : 'Expected'}</strong></p><pre>${h(t.expected ?? '')}</pre><p><strong>${t.status === 'observed' ? 'What the target did (actual)' : 'Actual'}</strong></p><pre>${h(t.actual ?? '')}</pre>`
      : '';
  const section = at.sectionOf(t);
  return `<div class="failure${t.status === 'fail' ? '' : ` ${t.status}`}" id="card-${a}" data-filter data-status="${t.status}">
<p><span class="badge s-${t.status}">${t.status}</span> <strong>${h(t.name)}</strong></p>
<p class="where">${h(section)} ${h(SECTION_TITLES[section] ?? '')} · <code>${h(t.file)}</code> · <a href="#test-${a}">in the test list</a></p>
<ul>${requirementLinks(t, at)}</ul>
<p><strong>${t.status === 'observed' ? 'What was observed' : 'What went wrong'}</strong></p><pre>${h(stripHarnessFrames(t.message ?? ''))}</pre>
${expectedActual}
${t.reproduce ? `<p><strong>Reproduce</strong> ${t.judgedExchange === undefined ? '' : `<a href="#card-${a}-judged">the judged exchange</a>, `}(a script: put each account's password in place of its placeholder)</p><pre class="reproduce">${h(t.reproduce)}</pre>` : ''}
<details class="transcript"${t.judgedExchange === undefined ? '' : ' open'}><summary>Wire transcript</summary>${renderTranscript(t.transcript, t.judgedExchange, `card-${a}`)}</details>
</div>`;
}

/** The tests by spec section (their first requirement's), failures first in each. */
function testTables(tests: readonly TestResult[], at: Layout): string {
  const sections = [...new Set(tests.map((t) => at.sectionOf(t)))].sort(
    (a, b) => sectionRank(a) - sectionRank(b),
  );
  return sections
    .map((section) => {
      const own = tests
        .filter((t) => at.sectionOf(t) === section)
        .sort((a, b) => (TEST_ORDER[a.status] ?? 9) - (TEST_ORDER[b.status] ?? 9));
      const counts = [...new Set(own.map((t) => t.status))]
        .sort((a, b) => (TEST_ORDER[a] ?? 9) - (TEST_ORDER[b] ?? 9))
        .map((s) => `${own.filter((t) => t.status === s).length} ${s}`)
        .join(', ');
      return `<section data-group id="tests-sec-${anchor(section)}"><h3>${h(section)} ${h(SECTION_TITLES[section] ?? '')} <span class="counts">${own.length} tests: ${h(counts)}</span></h3>
<table class="tests"><thead><tr><th>Status</th><th>Test</th><th>Requirements</th><th>Time</th></tr></thead><tbody>${own
        .map((t) => testRow(t, at))
        .join('')}</tbody></table></section>`;
    })
    .join('\n');
}

function testRow(t: TestResult, at: Layout): string {
  const a = at.testAnchor.get(t.id)!;
  const badge = at.hasCard(t)
    ? `<a class="badge s-${t.status}" href="#card-${a}" title="its card: what went wrong, transcript, reproduce">${t.status}</a>`
    : `<span class="badge s-${t.status}">${t.status}</span>`;
  // Why it was not a plain pass or fail (a skip's reason, an error, an observation).
  const why =
    t.status !== 'pass' && t.status !== 'fail' && t.status !== 'expected-fail' && t.message
      ? ` — ${h(t.message)}`
      : '';
  return `<tr id="test-${a}" data-filter data-status="${t.status}"><td>${badge}</td><td>${h(t.name)}<div class="decision"><code>${h(t.file)}</code>${why}</div></td><td>${t.requirements
    .map((id) => `<a href="#req-${h(id)}">${idCode(id)}</a>`)
    .join(' ')}</td><td class="n">${t.durationMs} ms</td></tr>`;
}

/** A dotted id that may break after its dots, never inside a word. */
function idCode(id: string): string {
  return `<code>${h(id).replaceAll('.', '.<wbr>')}</code>`;
}

/** '§4.2' → 402, so that '§10' comes after '§9'; unknown sections last. */
function sectionRank(section: string): number {
  const match = /^§(\d+)(?:\.(\d+))?/.exec(section);
  return match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : 1e6;
}

function anchor(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-');
}
