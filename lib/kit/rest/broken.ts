/**
 * A feature the specification names is broken (docs/what-the-suites-assume.md: a broken feature
 * fails): its route
 * answered 5xx, or an answer its rule cannot accept. Thrown from a setup step as well as from the
 * check itself, it is a failure of the test, never an error: error (Unjudgeable, HarnessError) is
 * for what could not be judged (no answer, a timeout, a shape the spec leaves open).
 */
import type { HttpResponse } from '../clients/http.ts';
import { ConformanceFailure } from '../conformance-failure.ts';
import { is2xx } from './requests.ts';

/**
 * `requirement`: the rule the answer broke, as data (lib/kit/judging.ts): when the test judges it,
 * the test fails it; when it is a step the test relies on, the test is blocked by it once that
 * rule is found broken.
 */
export class BrokenFeature extends ConformanceFailure {
  override name = 'BrokenFeature';
  constructor(message: string, requirement: string, reliesOn?: readonly string[]) {
    super(message, 'a working feature', 'a broken one', requirement, reliesOn);
  }
}

/** What was asked, for messages: 'POST /api/tokens'. */
export interface Asked {
  what: string;
  /** The requirement that states the rule the answer broke, e.g. 'rest.tokens.create'. */
  rule: string;
}

/** A short excerpt of the body, for a message. */
export function excerpt(answer: HttpResponse): string {
  const text = answer.text.replace(/\s+/g, ' ').trim();
  return text === '' ? '(empty body)' : text.slice(0, 160);
}

/** Throws BrokenFeature unless the answer is a success (2xx). */
export function requireSuccess(answer: HttpResponse, asked: Asked): void {
  if (!is2xx(answer.status))
    throw new BrokenFeature(
      `${asked.what} answered ${answer.status}: the feature is broken (${asked.rule}); ${excerpt(answer)}`,
      asked.rule,
    );
}
