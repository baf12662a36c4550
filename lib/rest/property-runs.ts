/**
 * How many runs a property over the wire gets: the run's --runs, capped per property so that a
 * default run stays short against a remote target (each run makes several requests).
 */
import { inject } from 'vitest';
import '../provided.ts';

export function runsCappedAt(cap: number): number {
  return Math.max(1, Math.min(cap, inject('settings').runs));
}
