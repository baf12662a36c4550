/**
 * The state a traffic rule keeps per artifact, collection or token: a map that forgets the entry
 * least recently used once it holds `cap` entries, so a rule's memory stays flat on any traffic.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly cap: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
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

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  values(): IterableIterator<V> {
    return this.#entries.values();
  }

  /** A copy of the entries, oldest used first. */
  entries(): Array<[K, V]> {
    return [...this.#entries];
  }
}

/** The last `cap` distinct values, newest last. */
export function remember(values: readonly string[], value: string, cap: number): string[] {
  const kept = values.filter((v) => v !== value);
  kept.push(value);
  return kept.length > cap ? kept.slice(kept.length - cap) : kept;
}
