/**
 * The files made from the declarations (CONTRIBUTING.md, "Checklist for a new rule"): none is
 * edited by hand. `npm run generate` writes them; tests/generated-files.test.ts fails, naming the
 * file and what changed, when one is not what the declarations make.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { replaceBlock, type Markers } from '../../bench/doc-block.ts';
import { CATALOGUE } from '../../lib/requirements/index.ts';
import { PLANTED_FAULTS } from '../../reference-server/faults/index.ts';
import { VARIANTS } from '../../reference-server/variants.ts';
import { ROOT } from './cli.ts';

export interface GeneratedFile {
  /** From the repository's root. */
  path: string;
  /** What it holds and where that is declared. */
  holds: string;
  /** The file as the declarations make it, from its current text (a page keeps its prose). */
  make: (current: string) => string;
}

export const FAULT_MARKERS: Markers = {
  begin: '<!-- faults:begin -->',
  end: '<!-- faults:end -->',
};
export const VARIANT_MARKERS: Markers = {
  begin: '<!-- variants:begin -->',
  end: '<!-- variants:end -->',
};
const NO_FAULT_MARKERS: Markers = {
  begin: '<!-- no-planted-fault:begin -->',
  end: '<!-- no-planted-fault:end -->',
};

/** Text from the code, shown as Markdown prose: `<id>` is not an HTML tag, `_` and `[` are not syntax. */
const prose = (text: string) => text.replace(/[\\_*[\]]/g, (c) => `\\${c}`).replace(/</g, '&lt;');

/** A page of docs/ cited in the code (docs/<page>.md, then its heading quoted), as a link to it. */
const linked = (text: string) =>
  text.replace(
    /docs\/([\w-]+\.md), ['"]([^'"]+)['"]/g,
    (_, page: string, heading: string) => `[${heading}](${page}#${slug(heading)})`,
  );

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The covered MUST requirements of the server's side that no planted fault declares it breaks. */
export function mustsWithoutPlantedFault(): string[] {
  const broken = new Set<string>(PLANTED_FAULTS.flatMap((f) => f.breaks));
  return CATALOGUE.filter(
    (r) => r.level === 'MUST' && r.uncovered === undefined && !broken.has(r.id),
  ).map((r) => r.id);
}

export const GENERATED: readonly GeneratedFile[] = [
  {
    path: 'docs/reference-server.md',
    holds:
      'the lists of planted faults and variants (reference-server/faults/rest.ts, soap.ts: name and does; reference-server/variants.ts)',
    make: (page) =>
      replaceBlock(
        replaceBlock(
          page,
          PLANTED_FAULTS.map((f) => `- \`${f.name}\`: ${prose(f.does)}`).join('\n'),
          FAULT_MARKERS,
        ),
        VARIANTS.map(
          (v) => `- \`${v.name}\`: ${prose(v.chooses)}. Allowed: ${linked(prose(v.because))}`,
        ).join('\n'),
        VARIANT_MARKERS,
      ),
  },
  {
    path: 'lib/requirements/planted-fault-evidence.json',
    holds:
      "per planted fault, the requirements it breaks (reference-server/faults/: breaks), which tests/self-validation.test.ts sees fail exactly: the reports' evidence that a check can fail",
    make: () =>
      JSON.stringify({
        about:
          'Made by `npm run generate` from the planted faults (reference-server/faults/: breaks); tests/self-validation.test.ts shows each fault failing exactly these requirements.',
        faults: Object.fromEntries(
          [...PLANTED_FAULTS]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((f) => [f.name, [...f.breaks].sort()]),
        ),
      }),
  },
  {
    path: 'docs/self-validation.md',
    holds:
      'the MUST requirements no planted fault breaks yet (spec/requirements/tables/ less the breaks of reference-server/faults/)',
    make: (page) =>
      replaceBlock(
        page,
        mustsWithoutPlantedFault()
          .map((id) => `- \`${id}\``)
          .join('\n'),
        NO_FAULT_MARKERS,
      ),
  },
];

/** The file as `npm run generate` writes it: made, then formatted as `npm run format:check` wants. */
export async function generatedText(file: GeneratedFile): Promise<string> {
  const path = join(ROOT, file.path);
  const options = { ...(await resolveConfig(path)), filepath: path };
  return format(file.make(readFileSync(path, 'utf8')), options);
}
