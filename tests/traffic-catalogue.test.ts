/**
 * The traffic rules and the catalogue in step: every id a rule names is a requirement, on the
 * rule's side; every requirement of the client's side has a rule (the client's side is judged by
 * nothing else), and no id is on both sides.
 */
import { describe, expect, test } from 'vitest';
import {
  CATALOGUE,
  CLIENT_CATALOGUE,
  FULL_CATALOGUE,
  requirement,
  sideOf,
} from '../lib/requirements/index.ts';
import { CLIENT_RULES } from '../lib/traffic/rules/client/index.ts';
import { SERVER_RULES } from '../lib/traffic/rules/server/index.ts';

const named = (factories: typeof SERVER_RULES) => factories.flatMap((f) => f().requirements);

describe('traffic rules and the catalogue', () => {
  test('every id a rule names is a requirement of its side', () => {
    const wrong = [
      ...named(SERVER_RULES)
        .filter((id) => requirement(id) === undefined || sideOf(requirement(id)!) !== 'server')
        .map((id) => `server rule names ${id}`),
      ...named(CLIENT_RULES)
        .filter((id) => requirement(id) === undefined || sideOf(requirement(id)!) !== 'client')
        .map((id) => `client rule names ${id}`),
    ];
    expect(wrong).toEqual([]);
  });

  test("every requirement of the client's side is judged by a rule", () => {
    const judged = new Set(named(CLIENT_RULES));
    expect(CLIENT_CATALOGUE.map((r) => r.id).filter((id) => !judged.has(id))).toEqual([]);
  });

  test('no id is on both sides, and every client requirement says so', () => {
    const server = new Set(CATALOGUE.map((r) => r.id));
    expect(CLIENT_CATALOGUE.filter((r) => server.has(r.id)).map((r) => r.id)).toEqual([]);
    expect(CLIENT_CATALOGUE.every((r) => r.side === 'client' && r.id.startsWith('client.'))).toBe(
      true,
    );
    expect(new Set(FULL_CATALOGUE.map((r) => r.id)).size).toBe(FULL_CATALOGUE.length);
  });
});
