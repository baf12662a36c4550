/** The wire exchanges of one test, recorded by the clients and shown in reports (redacted). */
import { asyncPart } from './async-part.ts';
import { Secrets } from './redact.ts';
import { renderExchanges, type Exchange } from '../../wire-exchange.ts';

export type { Exchange };

/**
 * The transcript of the test whose code is running. The tests of a file may run side by side in
 * one worker, so no variable can hold "the" current test: the async context of each test's body
 * carries its own. A chai assertion or a fast-check hook has no other way to find its test: they
 * are called with no test context, and vitest's own current test is whichever test started last.
 */
const ofRunningTest = asyncPart<Transcript>('transcript');

export class Transcript {
  /**
   * The transcript of the test whose code calls this (run by `recording`), else undefined: a
   * failed assertion marks its judged exchange there (lib/kit/suite-setup.ts).
   */
  static current(): Transcript | undefined {
    return ofRunningTest.get();
  }

  /** Runs a test's body with this transcript as its `current()`, in whatever it awaits too. */
  recording<T>(body: () => Promise<T>): Promise<T> {
    return ofRunningTest.run(this, body);
  }

  readonly exchanges: Exchange[] = [];
  /**
   * The secrets the exchanges show, and those added. An exchange's are read when a redaction
   * needs them, not as it is recorded: most tests pass, and their transcripts are never redacted.
   */
  readonly secrets = new Secrets(() => {
    for (; this.#registered < this.exchanges.length; this.#registered++)
      registerSecrets(this.secrets, this.exchanges[this.#registered]!);
  });
  /** How many exchanges have given their secrets. */
  #registered = 0;
  /** The exchange whose answer the test read last (HttpResponse's getters mark it). */
  private lastRead: number | undefined;
  /** The exchange read last when the first assertion of this attempt failed: the one it judged. */
  private judgedInAttempt: number | undefined;
  /** The same, of the last attempt that failed (a property runs its predicate many times). */
  private judgedInFailedAttempt: number | undefined;

  /** Records an exchange; returns its index. */
  record(exchange: Exchange): number {
    this.exchanges.push(exchange);
    return this.exchanges.length - 1;
  }

  /** Adds what the client did about an exchange (a request sent again) to its note. */
  annotate(index: number, note: string): void {
    const exchange = this.exchanges[index];
    if (exchange) exchange.note = exchange.note ? `${exchange.note}; ${note}` : note;
  }

  markRead(index: number): void {
    this.lastRead = index;
  }

  /**
   * An assertion failed: the answer read last is what it judged. In one attempt the first failure
   * wins (it is the message shown; soft assertions go on).
   */
  noteFailure(): void {
    this.judgedInAttempt ??= this.lastRead ?? this.exchanges.length - 1;
  }

  /** The test stopped for want of an answer: the exchange that got none (the last) is judged. */
  noteNoAnswer(): void {
    this.judgedInAttempt ??= this.exchanges.length - 1;
  }

  /**
   * A property runs its predicate again (lib/kit/property-run.ts): the shrunk counterexample is the
   * last run that failed, and later runs may pass.
   */
  newAttempt(): void {
    if (this.judgedInAttempt !== undefined) this.judgedInFailedAttempt = this.judgedInAttempt;
    this.judgedInAttempt = undefined;
  }

  /** The index of the exchange a failure judged (else the last one read, else the last one). */
  judged(): number | undefined {
    if (this.exchanges.length === 0) return undefined;
    return (
      this.judgedInAttempt ??
      this.judgedInFailedAttempt ??
      this.lastRead ??
      this.exchanges.length - 1
    );
  }

  /** Every exchange with its secrets redacted: what the reports and HAR get of it. */
  redactedExchanges(): Exchange[] {
    return this.exchanges.map((e) => redactExchange(e, this.secrets));
  }

  /** Plain-text rendering of every exchange, secrets redacted (lib/wire-exchange.ts). */
  render(): string {
    return renderExchanges(this.redactedExchanges());
  }
}

/** Registers the secrets an exchange shows: passwords, tokens and session keys in its bodies and headers. */
export function registerSecrets(secrets: Secrets, exchange: Exchange): void {
  for (const body of [exchange.requestBody, exchange.responseBody ?? '']) {
    if (body.trimStart().startsWith('<')) secrets.addFromXml(body);
    else {
      try {
        secrets.addFromJson(JSON.parse(body));
      } catch {
        /* not JSON: nothing to register */
      }
    }
  }
  const auth = exchange.requestHeaders['authorization'];
  if (auth?.startsWith('Basic ')) secrets.add(auth.slice(6));
  secrets.add(exchange.requestHeaders['x-auth-token']);
}

/** The exchange with every registered secret replaced, wherever it appears. */
export function redactExchange<E extends Exchange>(e: E, secrets: Secrets): E {
  const r = (text: string) => secrets.redact(text);
  // A header's name is no secret (a short one may be part of it).
  const headers = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).map(([name, value]) => [name, r(value)]));
  return {
    ...e,
    url: r(e.url),
    requestHeaders: headers(e.requestHeaders),
    requestBody: r(e.requestBody),
    ...(e.responseHeaders ? { responseHeaders: headers(e.responseHeaders) } : {}),
    ...(e.responseBody === undefined ? {} : { responseBody: r(e.responseBody) }),
    ...(e.error === undefined ? {} : { error: r(e.error) }),
    ...(e.note === undefined ? {} : { note: r(e.note) }),
  };
}
