/**
 * A value carried by the async context of the code that set it (the running test's transcript,
 * judging, whether a request is a test's own), as an AsyncLocalStorage of its own would carry it.
 * The parts share one storage, one per process and thread: node calls each storage's hook for
 * every promise created, and an AsyncLocalStorage once used stays in that list. With one per part
 * and per module instance (the harness's modules are evaluated again for each suite file,
 * lib/kit/fresh-modules.ts), a worker's storages grew with each file it ran, and their hooks
 * were a large share of its CPU time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Parts = Readonly<Record<symbol, unknown>>;

/** Not a 'soap-rest-conformance.' slot: those hold a run's state, cleared between runs. */
const SHARED = Symbol.for('soap-rest-conformance/async-parts');
const holder = globalThis as { [SHARED]?: AsyncLocalStorage<Parts> };
const storage = (holder[SHARED] ??= new AsyncLocalStorage<Parts>());

export interface AsyncPart<T> {
  /** Runs `body` with `value` as this part, in whatever it awaits too; the other parts kept. */
  run<R>(value: T, body: () => R): R;
  /** The value of the innermost `run` this code is in, else undefined. */
  get(): T | undefined;
}

export function asyncPart<T>(name: string): AsyncPart<T> {
  const key = Symbol(name);
  return {
    run: (value, body) => storage.run({ ...storage.getStore(), [key]: value }, body),
    get: () => storage.getStore()?.[key] as T | undefined,
  };
}
