import { CATALOGUE, CLIENT_CATALOGUE } from '../../spec/requirements/catalogue.ts';
import type { Requirement } from '../../spec/requirements/types.ts';

export type { Level, Requirement, Side } from '../../spec/requirements/types.ts';
export { sideOf } from '../../spec/requirements/types.ts';
export type { ClientRequirementId, RequirementId } from '../../spec/requirements/catalogue.ts';
export { CATALOGUE, CLIENT_CATALOGUE };

/** Both sides: what monitor and analyze judge with --side both. */
export const FULL_CATALOGUE: readonly Requirement[] = [...CATALOGUE, ...CLIENT_CATALOGUE];

const BY_ID = new Map(FULL_CATALOGUE.map((r) => [r.id, r]));

export function requirement(id: string): Requirement | undefined {
  return BY_ID.get(id);
}

/**
 * The order of spec sections, the one every report sorts by: '§4.2' → 402, so that '§10' comes
 * after '§9'; a section it cannot read ('(no section)') last.
 */
export function sectionRank(section: string): number {
  const match = /^§(\d+)(?:\.(\d+))?/.exec(section);
  return match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : 1e6;
}

/** Spec sections in document order, for grouping in reports. */
export const SECTIONS: readonly string[] = [...new Set(CATALOGUE.map((r) => r.section))].sort(
  (a, b) => sectionRank(a) - sectionRank(b),
);

export const SECTION_TITLES: Readonly<Record<string, string>> = {
  '§1': 'What the service does',
  '§2.1': 'SOAP types',
  '§2.2': 'REST resources',
  '§4.1': 'SOAP transport',
  '§4.2': 'SOAP operations',
  '§4.3': 'REST endpoints',
  '§4.4': 'Concurrency',
  '§4.5': 'XML input and output',
  '§5.1': 'SOAP authentication',
  '§5.2': 'REST authentication',
  '§7.1': 'SOAP error codes',
  '§7.2': 'REST errors',
  '§8': 'Limits',
  '§9': 'Versioning',
};
