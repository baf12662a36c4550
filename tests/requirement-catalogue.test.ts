/**
 * The catalogue is the single source of truth (CONTRIBUTING.md): well-formed, complete for §7.1,
 * and every requirement either has a test or its row says why not (`uncovered`), each failure
 * naming the id and the table file to edit.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { conformanceTest } from '../lib/kit/conformance-test.ts';
import { CATALOGUE, SECTION_TITLES } from '../lib/requirements/index.ts';
import { isFaultPairId } from '../spec/requirements/soap-rows.ts';
import { SOAP_OPERATIONS } from '../spec/soap-operations.ts';
import type { CliRun } from './support/cli.ts';
import { rowFile } from './support/catalogue-files.ts';
import { sharedRun } from './support/shared-runs.ts';

const UNCOVERED = CATALOGUE.filter((r) => r.uncovered !== undefined).map((r) => r.id);

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

  test('every requirement without a test says why in its row (uncovered)', () => {
    // A full run: a requirement not marked that no test checked shows as 'not-run' (its tests
    // are presumed to exist), which a full run must never show.
    const untested = run
      .summary()
      .requirements.filter((r) => r.status === 'not-covered' || r.status === 'not-run')
      .map((r) => r.id)
      .filter((id) => !UNCOVERED.includes(id))
      .map((id) =>
        isFaultPairId(id)
          ? `${id}: no test names it: write one in the operation's file of suites/soap/ (conformanceTest(['${id}'], …) with expectFault and the fault cell it judges), or a row of suites/soap/fault-scenarios.ts when a shared scenario reaches it`
          : `${id}: no test names it: write one in suites/ (conformanceTest(['${id}'], …)), or wrap its row in ${rowFile(id)} with uncovered(row, 'why')`,
      );
    expect(untested).toEqual([]);
  });

  test('a row marked uncovered has no test: a requirement that now has one drops the mark', () => {
    const covered = run
      .summary()
      .requirements.filter((r) => r.status !== 'not-covered' && UNCOVERED.includes(r.id))
      .map((r) => `${r.id}: a test names it now: unwrap uncovered(…) in ${rowFile(r.id)}`);
    expect(covered).toEqual([]);
  });
});
