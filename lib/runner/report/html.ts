/**
 * index.html: the compliance report, one self-contained file (inline CSS and script, no network,
 * opens from disk). A pure function of the run result. It reads at a glance: a
 * verdict badge with the exit code, a jump to the failures, a status filter and a search, tests
 * grouped by spec section with failures first, and links both ways between requirement, test and
 * failure card (ids: req-<id>, test-<anchor>, card-<anchor>).
 */
import { reproduceFile } from './reproduce-files.ts';
import { restRoute } from '../../traffic/view.ts';
import { rootCauseId } from '../../kit/blocked.ts';
import { describeHarnessError } from '../results/harness-errors.ts';
import { SECTION_TITLES, SECTIONS, sectionRank, sideOf } from '../../requirements/index.ts';
import {
  REQUIREMENT_STATUSES,
  type RequirementResult,
  type RequirementStatus,
  type JudgedRun,
  type RunResult,
  type SuitesRun,
  type TestResult,
  type TrafficSummary,
} from '../../run-result.ts';
import { describeNeeds } from '../results/verdict.ts';
import { html, join, toText, trusted, type Html } from './html-template.ts';
import { stripHarnessFrames } from './harness-frames.ts';
import { SCRIPT } from './html-script.ts';
import { CSS, VERDICT_BADGE } from './html-style.ts';
import { renderTranscript } from './html-transcript.ts';

const STATUSES = REQUIREMENT_STATUSES;

/** Failures first, then what else needs a look, passes last. */
const TEST_ORDER: Readonly<Record<string, number>> = {
  fail: 0,
  error: 1,
  blocked: 2,
  'expected-fail': 3,
  observed: 4,
  skip: 5,
  'not-run': 6,
  pass: 7,
};

/** The statuses whose tests get a card of their own (what went wrong, transcript, reproduce). */
const CARDED = new Set(['fail', 'error', 'expected-fail', 'observed']);

/**
 * Where each test and card sits in the page, and the group it belongs to: its spec section, and,
 * for a requirement of the client's side (monitor, analyze), 'client ' before it.
 */
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
    sectionOf: (t) => {
      const r = requirements.get(t.requirements[0] ?? '');
      return r ? groupOf(r) : '(no section)';
    },
    hasCard: (t) => CARDED.has(t.status),
  };
}

export function renderHtml(run: JudgedRun): string {
  const at = layout(run);
  const bySection = (a: TestResult, b: TestResult) =>
    groupRank(at.sectionOf(a)) - groupRank(at.sectionOf(b));
  const failing = run.tests
    .filter((t) => t.status === 'fail' || t.status === 'error')
    .sort(bySection);
  const excused = run.tests.filter((t) => t.status === 'expected-fail').sort(bySection);
  const observedTests = run.tests.filter((t) => t.status === 'observed').sort(bySection);
  // Judged from traffic, a requirement's examples (one test each) share one card.
  const cards = (tests: TestResult[]) =>
    run.traffic
      ? byRequirementCards(tests, at)
      : join(
          tests.map((t) => failure(t, at)),
          '\n',
        );
  return toText(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report — ${run.target}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${trusted(CSS)}</style></head>
<body>
<header><h1>Conformance report</h1><dl>
<dt>Target</dt><dd id="target">${run.label && html`<strong>${run.label}</strong> · `}${run.target} (${run.targetKind === 'embedded' ? 'embedded reference server' : 'external implementation'})</dd>
<dt>Started</dt><dd>${run.startedAt} · ${(run.durationMs / 1000).toFixed(1)} s</dd>
${run.traffic ? trafficHeader(run.traffic) : suitesHeader(run)}
<dt>Command</dt><dd><code class="cmd">${run.command}</code></dd>${provenance(run)}
</dl></header>
<main>
${verdict(run, failing.length)}
${harnessErrors(run)}${run.traffic ? unjudgeable(run.traffic) : ''}
${expectations(run)}
<h2 id="summary">Summary by specification section</h2>
${legend(run.traffic !== undefined)}
${sectionTable(run.requirements)}
${controls(run)}
<h2 id="failures">Failures and harness errors (${failing.length})</h2>
${failing.length === 0 ? html`<p>No test failed.</p>` : cards(failing)}
${blocked(run, at)}
${excused.length > 0 && html`<h2 id="expected-failures">Expected failures (${excused.length})</h2>\n${cards(excused)}`}
${observedTests.length > 0 && html`<h2 id="observed">Observed where the specification leaves the choice open (${observedTests.length})</h2>\n<p class="decision">INFO checks: the target does not do what the real system does. Recorded for comparison, never a failure.</p>\n${cards(observedTests)}`}
<h2 id="requirements">Requirements</h2>
${join(
  groupsOf(run.requirements).map((group) =>
    requirementTable(
      group,
      run.requirements.filter((r) => groupOf(r) === group),
      run,
      at,
    ),
  ),
  '\n',
)}
<h2 id="tests">Tests (${run.tests.length}), by specification section, failures first</h2>
${testTables(run.tests, at)}
${leftovers(run, at)}
</main>
<script>${trusted(SCRIPT)}</script>
</body></html>
`);
}

/**
 * The blocked tests under their root cause, each root cause once: the requirement that failed,
 * a link to its failure, and the tests that depended on it (results/blocked.ts).
 */
function blocked(run: RunResult, at: Layout): Html | '' {
  const byCause = new Map<string, TestResult[]>();
  for (const t of run.tests)
    if (t.status === 'blocked' && t.blockedBy)
      byCause.set(t.blockedBy.requirement, [...(byCause.get(t.blockedBy.requirement) ?? []), t]);
  if (byCause.size === 0) return '';
  const total = [...byCause.values()].reduce((n, tests) => n + tests.length, 0);
  const causes = [...byCause].map(([id, tests]) => {
    const r = at.requirements.get(id);
    const failure = at.testAnchor.get(rootCauseId(id));
    return html`<div class="failure blocked" id="blocked-by-${anchor(id)}" data-root-cause="${id}" data-filter data-status="blocked">
<p><strong>Root cause</strong>: <a href="#req-${id}">${idCode(id)}</a> <span class="badge s-${r?.status ?? 'fail'}">${r?.status ?? 'fail'}</span> ${r?.text ?? ''}${failure && html` · <a href="#card-${failure}">its failure: the read-back</a>`}</p>
<p>${tests.length} test(s) not judged, blocked on it:</p>
<ul>${tests.map((t) => html`<li><a href="#test-${at.testAnchor.get(t.id)}">${t.name}</a> <code>${t.file}</code></li>`)}</ul></div>`;
  });
  return html`<h2 id="blocked">Blocked: not judged, a requirement their setup depends on failed (${total})</h2>
<p class="decision">Each root cause once, with the tests that depended on it. Fix the root cause and run again: these tests are then judged. A blocked test neither passes nor fails; its root cause's failure decides the exit code.</p>
${join(causes, '\n')}`;
}

/**
 * What the run left on the target, by test, so that a user can clean a shared one and see which
 * check made what.
 */
function leftovers(run: RunResult, at: Layout): Html | '' {
  const l = run.leftovers;
  if (!l) return '';
  const shared = l.sharedProjects.map(
    (p) =>
      html`<li><code>${p.shortName}</code> (id ${p.id}, ${p.name}): ${p.createdByRun ? 'created by this run; it remains' : 'named by the profile; the run changed it and its cleanups undid what they could'}</li>`,
  );
  const testIds = [...new Set(l.remaining.map((r) => r.test))];
  const names = new Map(run.tests.map((t) => [t.id, t.name]));
  const groups = testIds.map((id) => {
    const items = l.remaining.filter((r) => r.test === id);
    const a = at.testAnchor.get(id);
    const name = names.get(id) ?? id;
    return html`<details class="leftover" data-test="${id}"><summary>${a ? html`<a href="#test-${a}">${name}</a>` : name} (${items.length})</summary><ul>${items.map(
      (r) => html`<li><span class="decision">${r.kind}</span> ${r.what}</li>`,
    )}</ul></details>`;
  });
  return html`<h2 id="leftovers">Left on the target</h2>
<p>The tests' cleanups undid ${l.undone} change(s) (memberships, user-group entries, generic users, tokens, sessions, values whose earlier state was read). What remains cannot be undone over these interfaces, or its earlier state is unknown. Names used by this run contain its run tag. Below, by the test that left it.</p>
${shared.length > 0 && html`<p><strong>Shared projects</strong></p><ul id="shared-projects">${shared}</ul>`}
<div id="remaining">${groups.length > 0 ? join(groups, '\n') : html`<p>Nothing else remains.</p>`}</div>`;
}

function verdict(run: JudgedRun, failing: number): Html {
  const v = run.verdict;
  const code = run.exitCode;
  const badge = { ...VERDICT_BADGE[v.kind], label: badgeLabel(run) };
  const needs =
    v.needTestControl.length > 0 &&
    html`<div class="needs" id="needs-test-control"><strong>Not judged: ${v.needTestControl.length} MUST requirement(s) need test control</strong>, which the target lacks (docs/running-against-a-target.md, "Test control"):<ul>${v.needTestControl.map(
      (r) =>
        html`<li><a href="#req-${r.id}"><code>${r.id}</code></a> needs ${describeNeeds(r.needs)}</li>`,
    )}</ul></div>`;
  const jump =
    failing > 0
      ? html`<a class="jump" id="jump-failures" href="#failures">Jump to the ${failing} failure(s) and error(s) ↓</a>`
      : run.harnessErrors.length > 0 &&
        html`<a class="jump" id="jump-failures" href="#harness-errors">Jump to the harness errors ↓</a>`;
  return html`<div id="verdict" data-verdict="${v.kind}" data-exit-code="${code}"><span class="verdict-badge" style="background:${badge.colour}">${badge.label}</span><span class="exit" style="color:${badge.colour}" title="the exit code of the run (README: 0 conforming, 1 a MUST failed, 2 not judged)">exit ${code}</span><p class="verdict">${v.text}</p>${jump}</div>${needs}`;
}

/**
 * The badge's words. Judged from traffic, a failure is a side's: the badge says whose (SERVER NOT
 * CONFORMING, CLIENT NOT CONFORMING), never the target's alone when only its client failed.
 */
export function badgeLabel(run: JudgedRun): string {
  const label = VERDICT_BADGE[run.verdict.kind].label;
  if (run.traffic === undefined || run.verdict.kind !== 'not-conforming') return label;
  const failed = (side: 'server' | 'client') =>
    run.requirements.some((r) => r.level === 'MUST' && r.status === 'fail' && sideOf(r) === side);
  const whose = [...(failed('server') ? ['SERVER'] : []), ...(failed('client') ? ['CLIENT'] : [])];
  return whose.length === 0 ? label : `${whose.join(' AND ')} ${label}`;
}

function expectations(run: RunResult): Html | '' {
  const x = run.expectations;
  if (!x) return '';
  const unexpected =
    x.unexpectedPasses.length > 0 &&
    html`<div class="failure error" id="unexpected-passes"><strong>Unexpected passes</strong>: listed in <code>${x.file}</code> as known failures, they passed. Remove these lines, or rerun with <code>--expectations ${x.file} --update-expectations</code>.<pre>${x.unexpectedPasses.join('\n')}</pre></div>`;
  const deferred =
    x.judged === 'deferred' &&
    html` Unexpected passes are judged by <code>merge</code>, over every share.`;
  return html`<p class="decision">Known failures: ${x.entries.length} entries of <code>${x.file}</code>; ${x.unseen.length} concern no test of this run.${deferred}</p>${unexpected}`;
}

/** What a run of the suites ran with: its seed and the target's capabilities. */
function suitesHeader(run: SuitesRun): Html {
  const capabilities =
    Object.entries(run.capabilities)
      .map(([k, v]) => `${k}: ${v ? 'yes' : 'no'}`)
      .join(', ') || 'none';
  return html`<dt>Seed</dt><dd id="seed">${run.seed} (fast-check runs per property: ${run.runs})</dd>
<dt>Capabilities</dt><dd>${capabilities}</dd>`;
}

function provenance(run: RunResult): Html | '' {
  if (run.mergedFrom)
    return html`<dt>Merged</dt><dd id="merged">${run.mergedFrom.length} runs: ${run.mergedFrom
      .map(
        (m) =>
          `${m.shard ? `shard ${m.shard} ` : ''}${m.source} (${m.seed === undefined ? '' : `seed ${m.seed}, `}${m.tests} tests)`,
      )
      .join('; ')}</dd>`;
  return run.shard
    ? html`<dt>Shard</dt><dd id="shard">${run.shard}: this report holds only that share of the suites</dd>`
    : '';
}

/**
 * The run's own problems. An entry may carry a count (identical errors collapsed into one): then
 * it is shown once, with how many times it happened.
 */
function harnessErrors(run: RunResult): Html | '' {
  if (run.harnessErrors.length === 0) return '';
  return html`<div class="failure error" id="harness-errors"><strong>Harness errors</strong>${run.harnessErrors.map(
    (e) =>
      html`<pre>${e.count > 1 && html`<span class="harness-count" data-count="${e.count}">×${e.count}</span>`}${describeHarnessError({ ...e, count: 1 })}</pre>`,
  )}</div>`;
}
/** What each status means; only pass counts as conforming. */
export const STATUS_MEANING: Readonly<Record<RequirementStatus, string>> = {
  pass: 'every test of it passed',
  observed:
    'INFO: the target differs from the real system where the spec leaves it open (never a failure)',
  fail: 'the target broke the rule',
  error: 'the harness could not judge (no answer, timeout, failed setup)',
  'expected-fail': 'failed, listed as a known failure',
  blocked:
    'not judged: a requirement its setup depends on failed (named; that failure decides the exit code)',
  skip: 'not judged, with the reason (e.g. a missing capability)',
  'not-run':
    'its tests exist, but this run left them out (--suite, --grep, --shard, or interrupted)',
  'not-covered': 'no test checks it yet',
};

/** What a status says of a requirement judged from traffic (monitor, analyze), where it differs. */
const TRAFFIC_MEANING: Partial<Record<RequirementStatus, string>> = {
  pass: 'every exchange that exercised it kept it',
  fail: 'an exchange broke the rule (the server or, on the client side, the client)',
  'not-run': 'a traffic rule judges it, but no exchange exercised it',
  'not-covered': 'no traffic rule judges it: the suites do',
};

function legend(traffic: boolean): Html {
  const meaning = (s: RequirementStatus) =>
    (traffic ? TRAFFIC_MEANING[s] : undefined) ?? STATUS_MEANING[s];
  return html`<p class="legend">${join(
    STATUSES.map((s) => html`<span><span class="badge s-${s}">${s}</span> ${meaning(s)}</span>`),
    ' ',
  )}</p><p class="legend">Only pass counts as conforming.</p>`;
}

function sectionTable(requirements: readonly RequirementResult[]): Html {
  const rows = groupsOf(requirements).map((group) => {
    const inSection = requirements.filter((r) => groupOf(r) === group);
    return countsRow(
      html`<a href="#sec-${anchor(group)}">${groupTitle(group)}</a>`,
      inSection,
      group,
    );
  });
  rows.push(countsRow(html`<strong>All</strong>`, requirements, 'all'));
  return html`<table id="requirement-totals"><thead><tr><th>Section</th><th>Overview</th>${STATUSES.map((s) => html`<th>${s}</th>`)}<th>total</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function countsRow(label: Html, requirements: readonly RequirementResult[], key: string): Html {
  const counts = STATUSES.map((s) => requirements.filter((r) => r.status === s).length);
  const total = requirements.length;
  const bar = STATUSES.map(
    (s, i) =>
      counts[i]! > 0 &&
      html`<span class="s-${s}" style="width:${((counts[i]! / total) * 100).toFixed(2)}%" title="${s}: ${counts[i]}"></span>`,
  );
  return html`<tr data-section="${key}"><td>${label}</td><td><div class="bar">${bar}</div></td>${counts.map(
    (n, i) => html`<td class="n" data-status="${STATUSES[i]}">${n}</td>`,
  )}<td class="n" data-status="total">${total}</td></tr>`;
}

/** The status filter and the search (html-script.ts); the statuses with their test counts. */
function controls(run: RunResult): Html {
  const present = STATUSES.filter(
    (s) => run.tests.some((t) => t.status === s) || run.requirements.some((r) => r.status === s),
  );
  const boxes = present.map((s) => {
    const tests = run.tests.filter((t) => t.status === s).length;
    const reqs = run.requirements.filter((r) => r.status === s).length;
    const counts = [
      tests ? `${tests} test${tests === 1 ? '' : 's'}` : '',
      reqs ? `${reqs} req.` : '',
    ].filter(Boolean);
    return html`<label><input type="checkbox" data-status="${s}" checked> ${s} <span class="decision">(${counts.join(', ')})</span></label>`;
  });
  return html`<div id="controls"><strong>Show</strong>${boxes}<button type="button" id="failures-only">failures only</button><button type="button" id="show-all">show all</button><input type="search" id="search" placeholder="Search: requirement id, test, text" aria-label="search"><span id="shown"></span></div>`;
}

function requirementTable(
  section: string,
  requirements: readonly RequirementResult[],
  run: RunResult,
  at: Layout,
): Html {
  const tests = new Map(run.tests.map((t) => [t.id, t]));
  const rows = requirements.map((r) => {
    const testLinks = r.tests.map((ref, i) => {
      // Numbered, coloured by status; the title names the test and its status.
      const t = tests.get(ref.id);
      const a = at.testAnchor.get(ref.id);
      const title = `${ref.status}: ${t?.name ?? ref.id}`;
      if (!t || !a)
        return html`<span class="badge s-${ref.status}" title="${title}">${i + 1}</span>`;
      return html`<a class="badge s-${ref.status}" href="#${at.hasCard(t) ? 'card' : 'test'}-${a}" title="${title}">${i + 1}</a>`;
    });
    const reason =
      r.reason !== undefined &&
      r.reason !== '' &&
      r.status !== 'fail' &&
      r.status !== 'observed' &&
      html`<div class="decision">${r.reason}</div>`;
    return html`<tr id="req-${r.id}" data-filter data-status="${r.status}"><td>${idCode(r.id)}</td><td class="lvl lvl-${r.level}">${r.level}</td>
<td><span class="badge s-${r.status}">${r.status}</span></td><td>${r.text}${r.decision && html`<div class="decision">Decision: ${r.decision}</div>`}${reason}${observed(r.observations)}</td><td class="faults">${plantedFaults(r)}</td><td class="tests-of" data-tests="${r.tests.length}">${testLinks}</td></tr>`;
  });
  return html`<section data-group id="sec-${anchor(section)}"><h3>${groupTitle(section)}</h3>
<table class="requirements"><thead><tr><th>Requirement</th><th>Level</th><th>Status</th><th>Statement</th><th title="planted faults of the reference server that self-validation saw make this requirement fail">Seen failing with</th><th>Tests</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** Self-validation's evidence that the check can fail: the planted faults seen failing it. */
function plantedFaults(r: RequirementResult): Html | '' {
  if (r.plantedFaults === undefined) return '';
  if (r.level !== 'MUST') return html`<span class="none">n/a: INFO never fails</span>`;
  if (r.plantedFaults.length === 0)
    return html`<span class="none" data-planted-faults="0">no planted fault known</span>`;
  return html`<span data-planted-faults="${r.plantedFaults.length}">${join(
    r.plantedFaults.map((f) => html`<code>${f}</code>`),
    ' ',
  )}</span>`;
}

/** What the target was seen to do (ctx.observe): the substance of an INFO requirement. */
function observed(observations: readonly string[] | undefined): Html | '' {
  if (!observations?.length) return '';
  return html`<ul class="observations">${observations.map((o) => html`<li>Observed: ${stripHarnessFrames(o)}</li>`)}</ul>`;
}

function requirementLinks(t: TestResult, at: Layout): Html[] {
  return t.requirements.map((id) => {
    const r = at.requirements.get(id);
    const outcome = outcomeNote(t, id);
    return r
      ? html`<li><a href="#req-${r.id}">${idCode(r.id)}</a> ${r.level} — ${r.text}${outcome}</li>`
      : html`<li>${idCode(id)}${outcome}</li>`;
  });
}

/**
 * A requirement of a test that judged several, one at a time (lib/runner/results/blame.ts): which
 * one its failure is, and what became of the others in it.
 */
function outcomeNote(t: TestResult, id: string): Html | '' {
  const o = t.outcomes?.[id];
  if (!o || t.requirements.length < 2) return '';
  const words =
    o.status === 'fail'
      ? 'failed here'
      : o.status === 'pass'
        ? 'held here (judged before the failure)'
        : o.status === 'blocked'
          ? `not judged here: depends on ${o.blockedBy ?? 'a failed requirement'}`
          : 'observed here';
  return html` <span class="badge s-${o.status}">${words}</span>`;
}

/**
 * One card per requirement for the examples traffic kept of it (one test each, at one exchange):
 * the operations they were seen at, then each example's evidence inside it.
 */
function byRequirementCards(tests: readonly TestResult[], at: Layout): Html {
  const groups = new Map<string, TestResult[]>();
  for (const t of tests) {
    const id = t.requirements[0] ?? t.id;
    groups.set(id, [...(groups.get(id) ?? []), t]);
  }
  return join(
    [...groups].map(([id, examples]) => {
      if (examples.length === 1) return failure(examples[0]!, at);
      const status = examples[0]!.status;
      const operations = new Map<string, string[]>();
      for (const t of examples) {
        const e = t.exchanges?.[t.judgedExchange ?? (t.exchanges?.length ?? 0) - 1];
        const operation = e ? operationOf(e) : 'an exchange';
        const seqs = /at exchange (.*)$/.exec(t.name)?.[1] ?? '';
        operations.set(operation, [...(operations.get(operation) ?? []), seqs].filter(Boolean));
      }
      const seen = [...operations].map(
        ([operation, seqs]) =>
          html`<li><code>${operation}</code>${seqs.length > 0 && ` (${seqs.join(', ')})`}</li>`,
      );
      return html`<div class="failure-group failure${status !== 'fail' && ` ${status}`}" id="group-${anchor(id)}" data-requirement="${id}">
<p><span class="badge s-${status}">${status}</span> <strong>${id}</strong>: ${examples.length} examples kept, at ${operations.size} operation(s):</p><ul class="operations">${seen}</ul>
${join(
  examples.map((t) => failure(t, at)),
  '\n',
)}
</div>`;
    }),
    '\n',
  );
}

/** The operation of an exchange, in words: 'SOAP addProject', 'PUT /artifacts/<id>'. */
function operationOf(e: { method: string; url: string; requestBody: string }): string {
  const path = URL.canParse(e.url) ? new URL(e.url).pathname : e.url;
  if (/\/soap\/project\/?$/.test(path) && e.method.toUpperCase() === 'POST') {
    const call = /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?([\w-]+)/.exec(e.requestBody)?.[1];
    return `SOAP ${call ?? '(an unreadable call)'}`;
  }
  const route = restRoute(path);
  return `${e.method.toUpperCase()} ${route ? route.shape : path}`;
}

function failure(t: TestResult, at: Layout): Html {
  const a = at.testAnchor.get(t.id)!;
  const isObserved = t.status === 'observed';
  const expectedActual =
    (t.expected !== undefined || t.actual !== undefined) &&
    html`<p><strong>${isObserved ? 'What the real system does (expected)' : 'Expected'}</strong></p><pre>${t.expected ?? ''}</pre><p><strong>${isObserved ? 'What the target did (actual)' : 'Actual'}</strong></p><pre>${t.actual ?? ''}</pre>`;
  const section = at.sectionOf(t);
  // The transcript marks the judged exchange when it has its blocks (not a summary's text: merge).
  const judgedShown =
    t.judgedExchange !== undefined && t.judgedExchange < (t.exchanges?.length ?? 0);
  const reproduce =
    t.reproduce !== undefined &&
    t.reproduce !== '' &&
    html`<p><strong>Reproduce</strong> ${judgedShown && html`<a href="#card-${a}-judged">the judged exchange</a>, `}(a bash script, also in <a href="${reproduceFile(t)}"><code>${reproduceFile(t)}</code></a>: it reads the passwords and tokens it needs from the environment variables it names first)</p><pre class="reproduce">${t.reproduce}</pre>`;
  return html`<div class="failure${t.status !== 'fail' && ` ${t.status}`}" id="card-${a}" data-filter data-status="${t.status}">
<p><span class="badge s-${t.status}">${t.status}</span> <strong>${t.name}</strong></p>
<p class="where">${groupTitle(section)} · <code>${t.file}</code> · <a href="#test-${a}">in the test list</a></p>
<ul>${requirementLinks(t, at)}</ul>
<p><strong>${isObserved ? 'What was observed' : 'What went wrong'}</strong></p><pre>${stripHarnessFrames(t.message ?? '')}</pre>
${expectedActual}
${reproduce}
<details class="transcript"${t.judgedExchange !== undefined && html` open`}><summary>Wire transcript</summary>${renderTranscript(t, t.judgedExchange, `card-${a}`)}</details>
</div>`;
}

/** The tests by spec section (their first requirement's), failures first in each. */
function testTables(tests: readonly TestResult[], at: Layout): Html {
  const sections = [...new Set(tests.map((t) => at.sectionOf(t)))].sort(
    (a, b) => groupRank(a) - groupRank(b),
  );
  const tables = sections.map((section) => {
    const own = tests
      .filter((t) => at.sectionOf(t) === section)
      .sort((a, b) => (TEST_ORDER[a.status] ?? 9) - (TEST_ORDER[b.status] ?? 9));
    const counts = [...new Set(own.map((t) => t.status))]
      .sort((a, b) => (TEST_ORDER[a] ?? 9) - (TEST_ORDER[b] ?? 9))
      .map((s) => `${own.filter((t) => t.status === s).length} ${s}`)
      .join(', ');
    return html`<section data-group id="tests-sec-${anchor(section)}"><h3>${groupTitle(section)} <span class="counts">${own.length} tests: ${counts}</span></h3>
<table class="tests"><thead><tr><th>Status</th><th>Test</th><th>Requirements</th><th>Time</th></tr></thead><tbody>${own.map((t) => testRow(t, at))}</tbody></table></section>`;
  });
  return join(tables, '\n');
}

function testRow(t: TestResult, at: Layout): Html {
  const a = at.testAnchor.get(t.id)!;
  const badge = at.hasCard(t)
    ? html`<a class="badge s-${t.status}" href="#card-${a}" title="its card: what went wrong, transcript, reproduce">${t.status}</a>`
    : html`<span class="badge s-${t.status}">${t.status}</span>`;
  // Why it was not a plain pass or fail (a skip's reason, an error, an observation).
  const why =
    t.status !== 'pass' &&
    t.status !== 'fail' &&
    t.status !== 'expected-fail' &&
    t.message !== undefined &&
    t.message !== '' &&
    ` — ${t.message}`;
  return html`<tr id="test-${a}" data-filter data-status="${t.status}"><td>${badge}</td><td>${t.name}<div class="decision"><code>${t.file}</code>${why}</div></td><td>${join(
    t.requirements.map((id) => html`<a href="#req-${id}">${idCode(id)}</a>`),
    ' ',
  )}</td><td class="n">${t.durationMs} ms</td></tr>`;
}

/** A dotted id that may break after its dots, never inside a word. */
function idCode(id: string): Html {
  return html`<code>${join(id.split('.'), html`.<wbr>`)}</code>`;
}

function anchor(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-');
}

const CLIENT = 'client ';

/** The group of a requirement: its section, after 'client ' for the client's side. */
function groupOf(r: Pick<RequirementResult, 'section' | 'side'>): string {
  return sideOf(r) === 'client' ? `${CLIENT}${r.section}` : r.section;
}

/** The groups present, in order: the server's sections, then the client's. */
function groupsOf(requirements: readonly RequirementResult[]): string[] {
  const clientSections = [
    ...new Set(requirements.filter((r) => sideOf(r) === 'client').map((r) => r.section)),
  ]
    .sort((a, b) => sectionRank(a) - sectionRank(b))
    .map((section) => `${CLIENT}${section}`);
  const hasServer = requirements.some((r) => sideOf(r) === 'server');
  // A run of the suites lists every section, even one its subset left empty.
  return [...(hasServer || clientSections.length === 0 ? SECTIONS : []), ...clientSections];
}

function groupRank(group: string): number {
  return group.startsWith(CLIENT)
    ? 1e7 + sectionRank(group.slice(CLIENT.length))
    : sectionRank(group);
}

/** '§4.1 SOAP transport'; 'Client side · §4.1 SOAP transport'. */
function groupTitle(group: string): string {
  const client = group.startsWith(CLIENT);
  const section = client ? group.slice(CLIENT.length) : group;
  return `${client ? 'Client side · ' : ''}${section} ${SECTION_TITLES[section] ?? ''}`;
}

/** What monitor or analyze judged: the traffic, in place of seed and capabilities. */
function trafficHeader(traffic: TrafficSummary): Html {
  const what = traffic.mode === 'monitor' ? 'monitored on its way to' : 'recorded in';
  const gap = traffic.exchanges - traffic.judged - traffic.unjudgeable.count;
  return html`<dt>Traffic</dt><dd id="traffic">${traffic.exchanges} exchanges ${what} <code>${traffic.source}</code>: ${traffic.judged} judged, ${traffic.unjudgeable.count} unjudgeable${gap > 0 && html`, <a href="#not-judged">${gap} that no rule judges</a>`}</dd>
<dt>Sides judged</dt><dd>${traffic.sides.join(' and ')}</dd>`;
}

/** The exchanges no rule could read, and where a recording stopped. */
function unjudgeable(traffic: TrafficSummary): Html | '' {
  const { count, kept } = traffic.unjudgeable;
  const gap = traffic.exchanges - traffic.judged - count;
  if (count === 0 && traffic.stoppedAt === undefined && gap <= 0) return '';
  const byOperation = traffic.notJudged ?? [];
  const notJudged =
    gap > 0 &&
    html`<p id="not-judged">${gap} exchange(s) were read, but no rule judged them${byOperation.length === 0 ? '.' : ', by operation:'}</p>${byOperation.length > 0 && html`<table class="not-judged"><thead><tr><th>operation</th><th>exchanges</th><th>why no rule judged them</th></tr></thead><tbody>${byOperation.map((n) => html`<tr><td><code>${n.operation}</code></td><td>${n.count}</td><td>${n.reason}</td></tr>`)}</tbody></table>`}`;
  return html`<h2 id="unjudgeable">Not judged in the traffic</h2>
${notJudged}
${traffic.stoppedAt !== undefined && html`<p class="decision">The recording stopped: ${traffic.stoppedAt}. What came before it is judged; nothing after.</p>`}
${count > 0 && html`<p>${count} exchange(s) could not be read${count > kept.length ? html` (the first ${kept.length} shown)` : ''}:</p><ul>${kept.map((u) => html`<li>#${u.seq}: ${u.reason}</li>`)}</ul>`}`;
}
