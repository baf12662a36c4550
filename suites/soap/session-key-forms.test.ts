/**
 * §5.1, §7.1: only the exact session key is the session. The project admin's key in another form
 * (spec/matrix/credentials.ts: its letters' case changed, a character before or after it,
 * whitespace around it inside the element, which xsd:string keeps, §2.1) is no session: a read and
 * a write on the admin's private project must both be refused with a fault, and the write must
 * change nothing. The code is observed: 3001 'Invalid session' (§7.1 lists it for addProject only).
 */
import { describe, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { caseChanged, prefixed, suffixed } from '../../lib/kit/credential-text.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { descriptionValuesOf, expectFault, expectSuccess } from '../../lib/kit/soap/expect.ts';
import {
  SESSION_KEY_FORMS,
  sessionKeyCellId,
  type SessionKeyForm,
} from '../../spec/matrix/credentials.ts';

interface KeyInForm {
  key: string;
  label: string;
}

/**
 * The key in `form`: whitespace is put before it, after it and around it (a server that trims one
 * side only is caught too); none for a key without a letter, whose case cannot change.
 */
function keysIn(form: SessionKeyForm, key: string): KeyInForm[] {
  switch (form) {
    case 'key-case': {
      const other = caseChanged(key);
      return other === undefined
        ? []
        : [{ key: other, label: "the admin's key with the case of its letters changed" }];
    }
    case 'key-prefixed':
      return [{ key: prefixed(key), label: "the admin's key with a character before it" }];
    case 'key-suffixed':
      return [{ key: suffixed(key), label: "the admin's key with a character after it" }];
    case 'key-surrounded-by-whitespace':
      return [
        { key: ` ${key}`, label: "the admin's key with a space before it" },
        { key: `${key} `, label: "the admin's key with a space after it" },
        { key: `\n\t${key}\n`, label: "the admin's key between line breaks and a tab" },
      ];
  }
}

/** The admin's session key in `form`, or the test skipped with why. */
async function formsOfAdminKey(ctx: ConformanceContext, form: SessionKeyForm) {
  const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
  const keys = keysIn(form, admin);
  if (keys.length === 0)
    ctx.skip("the projectAdmin's session key has no letter: its case cannot be changed");
  return { admin, keys };
}

/** The first description field of the platform; undefined on a platform without any (3107). */
async function firstField(ctx: ConformanceContext, admin: string): Promise<number | undefined> {
  const listed = await ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: admin });
  if (listed.fault?.faultcode === '3107') return undefined;
  const fields = expectSuccess(listed, 'getPlateformProjectDescriptionFields') as Array<{
    id: number;
  }>;
  return fields[0]?.id;
}

/**
 * A soft verdict: the answer is a SOAP fault. Soft, so that a server that takes the key is shown
 * taking it for the read and for the write, and the write is undone.
 */
function refused(ctx: ConformanceContext, answer: SoapAnswer, what: string): void {
  ctx.expect
    .soft(
      answer.fault !== undefined,
      `${what}: expected a SOAP fault, got HTTP ${answer.http.status} without a fault`,
    )
    .toBe(true);
}

async function judgeForm(ctx: ConformanceContext, form: SessionKeyForm) {
  const { admin, keys } = await formsOfAdminKey(ctx, form);
  const project = ctx.fixtures.privateProject.id;
  // Setup and read-backs rely on the admin's own calls (a failure there blocks the cell).
  ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
  const field = await firstField(ctx, admin);
  for (const { key, label } of keys) {
    const read = await ctx.soap.call('getProjectServicesUsage', {
      session_key: key,
      group_id: project,
    });
    ctx.judging('soap.auth.project-admin');
    refused(ctx, read, `getProjectServicesUsage of project ${project} with ${label}`);
    if (field === undefined) continue;
    ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
    const before = (await descriptionValuesOf(ctx.soap, admin, project)).get(field);
    const text = `written with a session key in another form ${inject('runTag')} ${form}`;
    const write = await ctx.soap.call('setProjectDescriptionFieldValue', {
      session_key: key,
      group_id: project,
      field_id_to_update: field,
      field_value: text,
    });
    const after = (await descriptionValuesOf(ctx.soap, admin, project)).get(field);
    // A write that was applied is undone at once: the shared project stays as it was found.
    if (after === text)
      await ctx.soap.call('setProjectDescriptionFieldValue', {
        session_key: admin,
        group_id: project,
        field_id_to_update: field,
        field_value: before ?? '',
      });
    const what = `setProjectDescriptionFieldValue of field ${field} of project ${project} with ${label}`;
    ctx.judging('soap.auth.project-admin');
    refused(ctx, write, what);
    if (write.fault === undefined) continue;
    ctx.judging('soap.fault.nothing-changed', {
      reliesOn: ['soap.getProjectDescriptionFieldsValue.effect'],
    });
    ctx.expect
      .soft(after, `${what}: answered fault ${write.fault.faultcode}, yet the value was written`)
      .not.toBe(text);
  }
}

describe.concurrent('a session key in another form is no session (§5.1, §7.1)', () => {
  // The writes a faulty server applies are undone in turn: one form at a time on the field.
  inTurn(['the description values of the private project']);

  for (const form of SESSION_KEY_FORMS)
    conformanceTest(
      ['soap.auth.project-admin', 'soap.fault.nothing-changed'],
      `a call on the project with ${form} must be refused with a fault, changing nothing`,
      (ctx) => judgeForm(ctx, form),
      { cells: [sessionKeyCellId(form)] },
    );

  conformanceTest(
    ['soap.fault.unlisted-codes'],
    "the code of a session key in another form is observed: 3001 'Invalid session' (§7.1)",
    async (ctx) => {
      for (const form of SESSION_KEY_FORMS) {
        const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
        for (const { key, label } of keysIn(form, admin))
          expectFault(
            await ctx.soap.call('getProjectServicesUsage', {
              session_key: key,
              group_id: ctx.fixtures.privateProject.id,
            }),
            3001,
            `getProjectServicesUsage with ${label}`,
          );
      }
    },
  );
});
