/**
 * A map that forgets its least recently used entries beyond a cap: the state a traffic rule keeps
 * (artifacts, tokens, routes, clients) stays bounded however long the traffic runs.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly cap: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.cap) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The last `cap` distinct values, newest last. */
export function remember(values: readonly string[], value: string, cap: number): string[] {
  const kept = values.filter((v) => v !== value);
  kept.push(value);
  return kept.length > cap ? kept.slice(kept.length - cap) : kept;
}
