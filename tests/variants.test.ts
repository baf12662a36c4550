/**
 * Self-validation in the other direction: the whole run against the reference server
 * taking each variant (reference-server/variants.ts), another choice the specification allows,
 * must be judged as a correct server is: exit 0, no MUST failure, no harness error. A variant that
 * fails is a check fitted to the reference server's own choice: a false failure for a user.
 * 'observed' is no wrong verdict: a variant may differ from the real system where the spec leaves
 * it open, and its INFO checks record that (listed in reports/variants/summary.json).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { format, resolveConfig } from 'prettier';
import { afterAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { THROTTLE_EVERY } from '../reference-server/throttle.ts';
import {
  VARIANTS,
  type Variant,
  type VariantName,
  type Variants,
} from '../reference-server/variants.ts';
import { ROOT } from './support/cli.ts';
import { runCliPooled, stopDrivers } from './support/cli-pool.ts';
import { throughMonitor } from './support/passive-monitor.ts';
import { VARIANT_PROFILES } from './support/variant-profiles.ts';
import {
  grownReach,
  PROOF_VARIANT,
  REACH,
  REACH_FILE,
  REGENERATE_REACH,
  requestKey,
  selects,
  suiteArgs,
  UNKNOWN_IN_REACH,
  unselected,
  type MeasuredReach,
} from './support/variant-reach.ts';

interface Outcome {
  variant: string;
  chooses: string;
  /** The suites its run selected (tests/support/variant-reach.json): 'all' unless narrowed. */
  suites: readonly string[] | 'all';
  passed: boolean;
  exitCode: number;
  /** MUST requirements that failed or could not be judged, with the reason. */
  wrongVerdicts: string[];
  /** INFO checks that saw the variant differ from the real system (never a wrong verdict). */
  observed: string[];
}

const outcomes: Outcome[] = [];

/** What the run of PROOF_VARIANT saw (tests/support/variant-reach.ts). */
interface Proof {
  /** Its --har file: every exchange of its tests, each naming its test. */
  har: string;
  /** The variants its server consulted, by the request (requestKey) it was answering. */
  consulted: Map<string, Set<string>>;
}
let proof: Proof | undefined;

async function judge(variant: Variant & { name: VariantName }): Promise<Outcome> {
  const server = await startReferenceServer({ testControl: true, variants: [variant.name] });
  const proving = variant.name === PROOF_VARIANT;
  const har = join(mkdtempSync(join(tmpdir(), 'variant-har-')), 'run.har');
  const consulted = proving ? watchConsulted(server) : new Map<string, Set<string>>();
  try {
    // Through the monitor's proxy and judge, both sides: a spec-allowed choice fails no traffic
    // rule either, and the suites' deliberate bad requests stay probes.
    const { result: run, passive } = await throughMonitor(
      server.url,
      (url) =>
        runCliPooled([
          '--target',
          url,
          '--seed',
          '11',
          '--runs',
          '25',
          ...profileArgs(variant),
          ...suiteArgs(variant.name),
          ...(proving ? ['--har', har] : []),
        ]),
      ['server', 'client'],
    );
    if (proving) proof = { har, consulted };
    const summary = run.summary();
    const wrongVerdicts = [
      ...summary.requirements
        .filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error'))
        .map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`.slice(0, 400)),
      // A test of INFO requirements only that failed is 'observed', never 'fail'; one that got
      // no answer is a harness error whatever its level.
      ...summary.tests
        .filter((t) => t.status === 'error' || t.status === 'fail')
        .map((t) => `test ${t.id}: error ${t.message ?? ''}`.slice(0, 400)),
      ...summary.harnessErrors.map((e) =>
        `harness error: ${e.message} (×${e.count})`.slice(0, 400),
      ),
      ...Object.entries(passive.failing).map(([id, message]) => `traffic: ${id}: ${message}`),
      ...passive.ruleErrors.map((e) => `traffic rule error: ${e}`),
    ];
    return {
      observed: summary.tests
        .filter((t) => t.status === 'observed')
        .map((t) => `${t.id}: ${t.message ?? ''}`.slice(0, 300)),
      variant: variant.name,
      chooses: variant.chooses,
      suites: REACH[variant.name] ?? 'all',
      passed: run.code === 0 && wrongVerdicts.length === 0,
      exitCode: run.code,
      wrongVerdicts:
        run.code === 2 && wrongVerdicts.length === 0 ? [run.stderr.slice(-500)] : wrongVerdicts,
    };
  } finally {
    await server.close();
  }
}

/**
 * Notes which narrowed variants the server consults, by the request it is answering (carried along
 * the handling of each request); '(no request)' outside any. Each read of the server's variants
 * gets an object of its own, so that what the server keeps per variants object (the SOAP wire
 * style) is worked out again, and consulted again, for every request that reads it.
 */
function watchConsulted(server: RunningServer): Map<string, Set<string>> {
  const consulted = new Map<string, Set<string>>();
  const current = new AsyncLocalStorage<string>();
  const { app } = server;
  const handle = app.handle.bind(app);
  app.handle = (req, res) => {
    const action = req.headers['soapaction'];
    const key = requestKey(req.method ?? '', req.url ?? '/', [action].flat()[0]);
    return current.run(key, () => handle(req, res));
  };
  const { variants } = app.state;
  const on = variants.on.bind(variants);
  const watchedOn = (name: VariantName) => {
    const where = current.getStore() ?? '(no request)';
    consulted.set(where, (consulted.get(where) ?? new Set()).add(name));
    return on(name);
  };
  variants.on = watchedOn;
  Object.defineProperty(app.state, 'variants', {
    get: () => Object.assign(Object.create(variants) as Variants, { on: watchedOn }),
  });
  return consulted;
}

/** A variant's profile fields (what a user would write for such a server), as --profile FILE. */
function profileArgs(variant: Variant & { name: VariantName }): string[] {
  const profile = VARIANT_PROFILES[variant.name];
  if (profile === undefined) return [];
  const file = join(mkdtempSync(join(tmpdir(), 'variant-profile-')), `${variant.name}.json`);
  writeFileSync(file, JSON.stringify(profile));
  return ['--profile', file];
}

/** The suite files, as tests name them (suites/rest/tokens.test.ts). */
function suiteFiles(): string[] {
  return readdirSync(join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `suites/${file.split('\\').join('/')}`);
}

afterAll(stopDrivers);

describe('every variant the specification allows is judged conforming', () => {
  // The full runs first, the short narrowed ones last: the last runs to start are the short ones.
  const fullFirst = [...VARIANTS].sort((a, b) => +(a.name in REACH) - +(b.name in REACH));
  test.concurrent.each(fullFirst.map((v) => [v.name, v] as const))(
    '%s',
    { timeout: 300_000 },
    async (_, variant) => {
      const outcome = await judge(variant);
      outcomes.push(outcome);
      expect(
        outcome.wrongVerdicts,
        `variant ${variant.name} (${variant.chooses}; ${variant.because}) got exit ${outcome.exitCode}`,
      ).toEqual([]);
      expect(outcome.exitCode, `variant ${variant.name}: exit code`).toBe(0);
    },
  );

  test('a narrowed variant is unseen by the suites left out (tests/support/variant-reach.json)', async ({
    skip,
  }) => {
    if (proof === undefined) return skip(`-t did not select ${PROOF_VARIANT}, whose run proves it`);
    const { consulted } = proof;
    const entries = (
      JSON.parse(readFileSync(proof.har, 'utf8')) as {
        log: {
          entries: {
            comment: string;
            request: { method: string; url: string; headers: { name: string; value: string }[] };
          }[];
        };
      }
    ).log.entries;
    // The suite files that made each request, as their transcripts record it.
    const madeBy = new Map<string, Set<string>>();
    for (const { comment, request } of entries) {
      const action = request.headers.find((h) => h.name.toLowerCase() === 'soapaction')?.value;
      const key = requestKey(request.method, request.url, action);
      madeBy.set(key, (madeBy.get(key) ?? new Set()).add(comment.split('::')[0]!));
    }
    const files = suiteFiles();
    const measured = new Map<string, Set<string> | 'all'>();
    for (const variant of VARIANTS.map((v) => v.name)) {
      const by = new Set(
        [...consulted]
          .filter(([, names]) => names.has(variant))
          .flatMap(([key]) => [...(madeBy.get(key) ?? [])])
          .filter((file) => files.includes(file)),
      );
      const outside = consulted.get('(no request)')?.has(variant) === true;
      if (outside || by.size === files.length) measured.set(variant, 'all');
      else if (by.size > 0) measured.set(variant, by);
    }
    if (process.env['UPDATE_GENERATED']) {
      const path = join(ROOT, REACH_FILE);
      const options = { ...(await resolveConfig(path)), filepath: path };
      writeFileSync(path, await format(JSON.stringify(grownReach(measured)), options));
      return;
    }
    expect(
      UNKNOWN_IN_REACH,
      `${REACH_FILE} names variants that are none: ${REGENERATE_REACH}`,
    ).toEqual([]);
    expect(
      unselected(measured as MeasuredReach),
      `${REACH_FILE} is stale: a left-out suite made a request on which the server consulted the variant: ${REGENERATE_REACH}`,
    ).toEqual([]);
    const leftOut = new Set(
      Object.values(REACH).flatMap((suites) => files.filter((file) => !selects(suites, file))),
    );
    expect(leftOut.size, 'suites left out of the narrowed runs').toBeGreaterThan(0);
    // Every narrowed variant was consulted: the watch works.
    expect(Object.keys(REACH).filter((name) => !measured.has(name))).toEqual([]);
    // Their transcripts hold what their tests sent; a hook's requests would be in none.
    const hooked = [...leftOut].filter((file) =>
      /\b(beforeAll|beforeEach|afterAll|afterEach)\b/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(hooked, 'left-out suites with hooks').toEqual([]);
  });

  test('idle-close-1s does close an idle connection after 1 s, while its hint says 30 s', async () => {
    const server = await startReferenceServer({ variants: ['idle-close-1s'] });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    try {
      let head = '';
      const closed = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now())),
      );
      const answered = new Promise<number>((resolve) =>
        socket.on('data', (chunk: Buffer) => {
          head += chunk.toString('latin1');
          if (head.includes('\r\n\r\n')) resolve(Date.now());
        }),
      );
      socket.write('GET /api/projects HTTP/1.1\r\nHost: t\r\n\r\n');
      const idle = (await closed) - (await answered);
      expect(head).toMatch(/^keep-alive: timeout=30$/im);
      expect(idle).toBeGreaterThanOrEqual(900);
      expect(idle).toBeLessThan(1900);
    } finally {
      socket.destroy();
      await server.close();
    }
  });

  test('throttled-429 does answer every 40th request 429 with Retry-After: 1', async () => {
    const server = await startReferenceServer({ variants: ['throttled-429'] });
    try {
      const answers = [];
      for (let i = 0; i < THROTTLE_EVERY; i++)
        answers.push(await fetch(`${server.url}/api/projects`));
      expect(answers.slice(0, -1).map((a) => a.status)).not.toContain(429);
      expect(answers.at(-1)?.status).toBe(429);
      expect(answers.at(-1)?.headers.get('retry-after')).toBe('1');
    } finally {
      await server.close();
    }
  });

  afterAll(() => {
    // -t selected no variant run: nothing to score (the last score stays on disk).
    if (outcomes.length === 0) return;
    const passed = outcomes.filter((o) => o.passed).length;
    const dir = join(ROOT, 'reports/variants');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'summary.json'),
      `${JSON.stringify({ passed, variants: outcomes.length, outcomes }, null, 2)}\n`,
    );
    process.stdout.write(`variants: ${passed} of ${outcomes.length} passed\n`);
  });
});
