/**
 * What an Allure result carries once the harness has judged its test: one node per test under
 * its first requirement's spec section (suite labels; the tree groups by them), the statements of
 * its requirements and the reproduce command on its page, links to index.html, and a stack trace
 * without the harness's own frames. Pure; allure-statuses.ts reads and writes the files.
 */
import { requirement, SECTION_TITLES } from '../../requirements/index.ts';
import type { TestResult } from '../../run-result.ts';
import { html, toText } from './html-template.ts';
import { isHarnessFrame } from './harness-frames.ts';

export interface AllureLabel {
  name: string;
  value: string;
}

export interface AllureResult {
  name?: string;
  fullName?: string;
  status?: string;
  statusDetails?: { message?: string; trace?: string; [k: string]: unknown };
  labels?: AllureLabel[];
  links?: Array<{ name?: string; url: string; type?: string }>;
  parameters?: Array<{ name: string; value: string; excluded?: boolean }>;
  description?: string;
  descriptionHtml?: string;
  [k: string]: unknown;
}

/** The labels Allure's tree is grouped by (allure.ts `groupBy`). */
export const TREE_LABELS = ['parentSuite', 'suite'] as const;

/**
 * The tree's order in Allure's report (its `defaultSortBy`). Allure's own default, 'order,asc',
 * puts each group where its first test started: the sections came in the order the suite files
 * ran. By name, the section labels ('§1 What the service does', '§2.1 SOAP types'...) come in
 * specification order (allure-enrich.test.ts pins it), the tests of a suite by their names.
 */
export const TREE_SORT = 'name,asc';

/** '§2.2 REST resources': the section of the test's first requirement, as index.html groups it. */
export function sectionLabel(t: TestResult): string {
  const section = requirement(t.requirements[0] ?? '')?.section;
  if (!section) return '(no section)';
  const title = SECTION_TITLES[section];
  return title ? `${section} ${title}` : section;
}

export function enrichResult(result: AllureResult, t: TestResult): AllureResult {
  const path = t.name.split(' > ');
  const suite = path.length > 1 ? path.slice(0, -1).join(' > ') : t.file;
  const labels = (result.labels ?? []).filter(
    (l) => l.name !== 'parentSuite' && l.name !== 'suite' && l.name !== 'subSuite',
  );
  labels.push({ name: 'parentSuite', value: sectionLabel(t) }, { name: 'suite', value: suite });
  const details = { ...(result.statusDetails ?? {}) };
  const trace = details.trace === undefined ? undefined : withoutHarnessFrames(details.trace);
  if (trace === undefined || trace.trim() === (details.message ?? '').trim()) delete details.trace;
  else details.trace = trace;
  return {
    ...result,
    labels,
    statusDetails: details,
    descriptionHtml: description(t),
    parameters: [
      ...(result.parameters ?? []).filter((p) => p.name !== 'requirements'),
      { name: 'requirements', value: t.requirements.join(', '), excluded: true },
    ],
    links: [
      ...(result.links ?? []).filter((l) => !l.url.startsWith('../index.html#')),
      ...t.requirements.map((id) => ({
        name: `index.html: ${id}`,
        url: `../index.html#req-${id}`,
        type: 'link',
      })),
    ],
  };
}

/** The requirements' statements (and INFO decisions), then the reproduce command. */
function description(t: TestResult): string {
  const items = t.requirements.map((id) => {
    const r = requirement(id);
    if (!r) return html`<li><code>${id}</code></li>`;
    return html`<li><code>${id}</code> ${r.level} (${r.section}): ${r.text}${r.decision && html` <i>Decision: ${r.decision}</i>`}</li>`;
  });
  const reproduce =
    t.reproduce !== undefined &&
    t.reproduce !== '' &&
    html`<p><b>Reproduce</b> (secrets redacted: put your own)</p><pre><code>${t.reproduce}</code></pre>`;
  return toText(html`<p><b>Requirements</b></p><ul>${items}</ul>${reproduce}`);
}

/**
 * The trace without frames of node_modules, node's internals and the harness (lib/): what is
 * left points into the suite that made the check. Undefined when no frame of a suite remains.
 */
export function withoutHarnessFrames(trace: string): string | undefined {
  const lines = trace.split('\n');
  const frame = (line: string) => /^\s+at /.test(line);
  const kept = lines.filter((line) => !isHarnessFrame(line));
  return kept.some(frame) ? kept.join('\n') : undefined;
}
