/** What the CLI provides to the suites' workers (vitest provide/inject). */
import type { Exchange } from './clients/transcript.ts';
import type { TransportOptions } from './clients/transport.ts';
import type { BrokenPrecondition, FailedCheck, TestCleanup } from '../run-result.ts';
import type { Fixtures } from './fixtures/projects.ts';
import type { Profile } from '../target/profile.ts';
import type { QuotaSettings } from './target/quota-plan.ts';

export interface RunSettings {
  target: Profile;
  /**
   * {base_url} as the target knows itself (lib/kit/soap/base.ts), learned from its WSDL before the
   * suites, for SOAP namespaces and SOAPAction; the target URL when the WSDL could not give it.
   */
  soapBase: string;
  seed: number;
  runs: number;
  timeoutMs: number;
  /**
   * The addProject budget of a target without test control, from the quota ledger
   * (lib/kit/target/quota-plan.ts); absent with test control, which opens a new hour instead.
   */
  quota?: QuotaSettings;
  /** --har: tests keep their exchanges, redacted, in their meta for the HAR file. */
  har?: boolean;
  /** --keep-transcripts: every test attaches its transcript to Allure, not only those that threw. */
  keepTranscripts?: boolean;
  /** --rate-limit: N requests a second over the run's one schedule (lib/kit/clients/rate-limit.ts). */
  rateLimit?: { perSecond: number; schedule: SharedArrayBuffer };
  /** Counts every request of the run, in every thread (lib/kit/clients/rate-limit.ts). */
  requestCounter?: SharedArrayBuffer;
  /** Counts the seconds the run moved the target's clock, to set it back (lib/kit/target/clock.ts). */
  clockMoved?: SharedArrayBuffer;
  /** --insecure, --ca (lib/kit/clients/transport.ts); the proxy comes from the environment. */
  transport?: TransportOptions;
}

declare module 'vitest' {
  export interface ProvidedContext {
    settings: RunSettings;
    /** The run's shared projects (lib/kit/fixtures/global-setup.ts). */
    fixtures: Fixtures;
    /** Why the shared projects could not be provisioned (then every suite file fails to load). */
    fixturesError: string | null;
    /**
     * The stated rule the target broke so that the shared projects could not be provisioned (read
     * back, without the transcript): every test is then blocked on it (lib/kit/conformance-test.ts).
     */
    setupBroken: Omit<BrokenPrecondition, 'exchanges'> | null;
    /** Unique to this run (base 36 time): makes names of things the suites create unique. */
    runTag: string;
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Requirement ids the test checks (lib/requirements). */
    requirements?: string[];
    /** Cells of the coverage matrix (spec/matrix) the test judges. */
    cells?: string[];
    /** What INFO checks observed of behaviour the spec leaves open. */
    observations?: string[];
    /** The test's own wire exchanges, redacted: its evidence for the reports. */
    exchanges?: Exchange[];
    /**
     * A script that reproduces the judged exchange (lib/kit/clients/reproduce.ts): the credentials it
     * needs, then the request.
     */
    reproduce?: string;
    /** The index in the transcript of the exchange a failure judged (Transcript.judged). */
    judgedExchange?: number;
    /** With --har: the test's exchanges and its cleanup's, redacted. */
    harExchanges?: Exchange[];
    /** What the test's cleanup undid and what it left on the target (lib/cleanup). */
    cleanup?: TestCleanup;
    /** For a skip: the capabilities the target lacks (profile `capabilities`), machine-readable. */
    needs?: string[];
    /** Set when the harness could not judge (target did not answer). */
    harnessError?: string;
    /** Not judged: the requirement its setup depends on failed (ctx.precondition). */
    blockedBy?: BrokenPrecondition;
    /** The checks that failed, each with the requirement it judged (lib/kit/judging.ts). */
    failures?: FailedCheck[];
    /** The test's requirements whose checks completed without a failure. */
    held?: string[];
  }
}
