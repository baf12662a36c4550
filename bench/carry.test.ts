import { expect, test } from 'vitest';
import { withEarlierParts } from './carry.ts';
import { keptParts, PARTS, type BenchResults } from './report.ts';

type Figures = Omit<BenchResults, 'goals'>;

const run = (startedAt: string, commit: string, figures: Partial<Figures>): Figures =>
  ({
    startedAt,
    machine: { commit },
    options: { seed: startedAt },
    throughput: [],
    ...figures,
  }) as Figures;

const earlier = run('2026-11-01', 'aaaaaaa', {
  throughput: [{ name: 'GET x' } as BenchResults['throughput'][number]],
  tests: { wallMs: 1 } as BenchResults['tests'],
  package: { files: 3 } as BenchResults['package'],
});

test('a partial run keeps the parts it did not measure, each with its own stamp', () => {
  const now = run('2026-11-29', 'bbbbbbb', { tests: { wallMs: 2 } as BenchResults['tests'] });
  const merged = withEarlierParts(now, ['tests'], earlier);
  expect(merged.tests).toEqual({ wallMs: 2 });
  expect(merged.throughput).toEqual(earlier.throughput);
  expect(merged.package).toEqual(earlier.package);
  expect(merged.conformance).toBeUndefined();
  expect(merged.measured).toEqual({
    tests: { startedAt: '2026-11-29', commit: 'bbbbbbb', options: { seed: '2026-11-29' } },
    throughput: { startedAt: '2026-11-01', commit: 'aaaaaaa', options: { seed: '2026-11-01' } },
    package: { startedAt: '2026-11-01', commit: 'aaaaaaa', options: { seed: '2026-11-01' } },
  });
  expect(keptParts(merged).map(([part]) => part)).toEqual(['throughput', 'package']);
});

test('a part kept twice keeps its first stamp; a part measured again replaces it', () => {
  const second = withEarlierParts(
    run('2026-11-29', 'bbbbbbb', { tests: { wallMs: 2 } as BenchResults['tests'] }),
    ['tests'],
    earlier,
  );
  const third = withEarlierParts(
    run('2026-11-30', 'ccccccc', { package: { files: 4 } as BenchResults['package'] }),
    ['package'],
    second,
  );
  expect(third.measured?.['tests']?.commit).toBe('bbbbbbb');
  expect(third.measured?.['throughput']?.commit).toBe('aaaaaaa');
  expect(third.measured?.['package']?.commit).toBe('ccccccc');
  expect(third.package).toEqual({ files: 4 });
});

test('a whole run keeps nothing, and without earlier results nothing is kept', () => {
  const whole = withEarlierParts(run('2026-11-29', 'bbbbbbb', {}), PARTS, earlier);
  expect(whole.package).toBeUndefined();
  expect(keptParts(whole)).toEqual([]);
  expect(keptParts(withEarlierParts(run('2026-11-29', 'b', {}), ['tests'], undefined))).toEqual([]);
});
