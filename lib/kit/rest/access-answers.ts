/**
 * Reading an answer of the access matrix (spec/matrix/access.ts): whether its status is what the
 * cell's class allows, and whether a refusal tells something of a private project (§5.2.1).
 */
import type { HttpResponse } from '../clients/http.ts';
import type { AccessClass } from '../../../spec/matrix/access.ts';
import { is2xx, jsonOf } from './requests.ts';

export const REFUSALS: readonly number[] = [401, 403, 404];

/** Whether the class accepts this status, which is no success, as the answer of the cell. */
export function refusalAllowed(expects: AccessClass, status: number): boolean {
  switch (expects) {
    case 'served':
      return false;
    case 'served-or-401':
    case '401':
      return status === 401;
    case 'hidden':
      return status === 401;
    case 'refused':
    case 'open':
      return REFUSALS.includes(status);
    case 'not-a-success':
      return !is2xx(status);
  }
}

/** Whether a success is allowed in the class (for 'hidden', the list without the project). */
export const successAllowed = (expects: AccessClass) =>
  expects === 'served' || expects === 'served-or-401' || expects === 'open' || expects === 'hidden';

/** The refusal the class asks for, in words. */
export function expectedRefusal(expects: AccessClass): string {
  switch (expects) {
    case 'served':
      return 'a success';
    case 'served-or-401':
      return 'a success, or 401 where authentication is needed';
    case '401':
    case 'hidden':
      return '401 (authentication required and missing)';
    case 'refused':
      return 'a refusal (401, 403 or 404)';
    case 'open':
      return 'a success or a refusal (401, 403 or 404)';
    case 'not-a-success':
      return 'a failure (401 or a server error)';
  }
}

/** Members of a representation: in a refusal they give the resource away. */
const REPRESENTATION_MEMBERS = ['fields', 'values', 'resources', 'shortname', 'label', 'tracker'];

/**
 * What a refusal reveals of a private project: one of its secrets (shortname, label, an artifact
 * value) in the body, or a representation (an object with a representation's members, or a
 * non-empty array). Undefined when it reveals nothing.
 */
export function revealed(answer: HttpResponse, secrets: readonly string[]): string | undefined {
  const found = secrets.filter((secret) => secret !== '' && answer.text.includes(secret));
  if (found.length > 0) return `the answer tells ${found.map((s) => `"${s}"`).join(', ')}`;
  const body = jsonOf(answer);
  if (Array.isArray(body) && body.length > 0) return `the answer lists ${body.length} items`;
  if (typeof body === 'object' && body !== null) {
    const members = REPRESENTATION_MEMBERS.filter((m) => m in body);
    if (members.length > 0) return `the answer holds a representation (${members.join(', ')})`;
  }
  return undefined;
}
