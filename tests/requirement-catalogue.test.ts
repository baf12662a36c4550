/**
 * The catalogue is the single source of truth (CONTRIBUTING.md): well-formed, complete for §7.1,
 * and
 * every requirement either has a test or is on the not-yet-covered list, which may only shrink.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { conformanceTest } from '../lib/kit/conformance-test.ts';
import { CATALOGUE, SECTION_TITLES } from '../lib/requirements/index.ts';
import { SOAP_OPERATIONS } from '../spec/soap-operations.ts';
import { ROOT, type CliRun } from './support/cli.ts';
import { sharedRun } from './support/shared-runs.ts';

const NOT_YET_COVERED = JSON.parse(
  readFileSync(join(ROOT, 'lib/requirements/not-yet-covered.json'), 'utf8'),
) as string[];

describe('the requirement catalogue', () => {
  test('ids are unique, dotted and stable-looking; sections and levels are known', () => {
    const ids = CATALOGUE.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of CATALOGUE) {
      expect(r.id, r.id).toMatch(/^(soap|rest)(\.[A-Za-z0-9-]+)+$/);
      expect(Object.keys(SECTION_TITLES), r.id).toContain(r.section);
      expect(['MUST', 'SHOULD', 'INFO'], r.id).toContain(r.level);
      expect(r.text.length, r.id).toBeGreaterThan(10);
    }
  });

  test('every INFO requirement (what the spec leaves open) records the decision taken', () => {
    for (const r of CATALOGUE.filter((r) => r.level === 'INFO'))
      expect(r.decision, r.id).toBeTruthy();
  });

  // The pairs of spec/soap-operations.ts, which tests/spec-tables.test.ts reads against §7.1 itself.
  test('§7.1 gives exactly its (operation, code) pairs, as soap.<operation>.fault.<code>', () => {
    const pairs = CATALOGUE.filter(
      (r) =>
        /^soap\.\w+\.fault\.\d+$/.test(r.id) &&
        r.section === '§7.1' &&
        r.id !== 'soap.fault.http-500',
    );
    const expected = SOAP_OPERATIONS.flatMap((op) =>
      (op.faults ?? []).map((code) => `soap.${op.name}.fault.${code}`),
    );
    expect(new Set(expected).size, 'distinct pairs of §7.1').toBe(expected.length);
    expect(pairs).toHaveLength(expected.length);
    expect(pairs.map((r) => r.id).sort()).toEqual(expected.sort());
  });

  test('the 14 operations each have their parts and output requirements', () => {
    expect(SOAP_OPERATIONS).toHaveLength(14);
    for (const op of SOAP_OPERATIONS) {
      expect(
        CATALOGUE.some((r) => r.id === `soap.${op.name}.parts`),
        op.name,
      ).toBe(true);
      expect(
        CATALOGUE.some((r) => r.id === `soap.${op.name}.output`),
        op.name,
      ).toBe(true);
    }
  });

  test('a test naming an unknown requirement id is refused when the suite is loaded', () => {
    // The compiler refuses it too (RequirementId); the check at load time is for suites that
    // users' tooling loads without type-checking them.
    // @ts-expect-error 'rest.no-such-requirement' is not a RequirementId
    expect(() => conformanceTest(['rest.no-such-requirement'], 'x', async () => {})).toThrow(
      /unknown requirement ids: \[rest\.no-such-requirement\]/,
    );
    expect(() => conformanceTest([], 'x', async () => {})).toThrow(/requirement/);
  });
});

describe('coverage of the catalogue by the suites', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await sharedRun('embedded-seed-42');
  });

  test('the not-yet-covered list names only catalogue ids', () => {
    const known = new Set(CATALOGUE.map((r) => r.id));
    expect(NOT_YET_COVERED.filter((id) => !known.has(id))).toEqual([]);
  });

  test('every requirement without a test is on the not-yet-covered list', () => {
    // A full run: a requirement off the list that no test checked shows as 'not-run' (its tests
    // are presumed to exist), which a full run must never show.
    const uncovered = run
      .summary()
      .requirements.filter((r) => r.status === 'not-covered' || r.status === 'not-run')
      .map((r) => r.id);
    expect(uncovered.filter((id) => !NOT_YET_COVERED.includes(id))).toEqual([]);
  });

  test('the list only shrinks: a requirement that now has a test must leave it', () => {
    const covered = run
      .summary()
      .requirements.filter((r) => r.status !== 'not-covered')
      .map((r) => r.id);
    expect(covered.filter((id) => NOT_YET_COVERED.includes(id))).toEqual([]);
  });
});
