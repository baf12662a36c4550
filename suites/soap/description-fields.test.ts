/**
 * §4.2 #6, #7, #12: the platform's description fields and a project's values. Values are written on
 * the SOAP project (this file alone writes its description) and read back with
 * getProjectDescriptionFieldsValue; §7.1 faults and permission cases (a member, an outsider, the
 * admin of another project) on the shared public project, whose values must stay as they were.
 * A platform may have no field at all (3107): the tests that need one are then skipped.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { codePointUnit } from '../../lib/kit/code-point-unit.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { spreadProperty } from '../../lib/kit/property-spread.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { SoapClient, type SoapAnswer } from '../../lib/kit/soap/client.ts';
import { armFailure } from '../../lib/kit/target/fail-next.ts';
import { descriptionValuesOf, expectFault, expectSuccess } from '../../lib/kit/soap/expect.ts';
import { untypedValues, xsiType } from '../../lib/kit/soap/wire.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import { frameCells } from '../../spec/matrix/frame.ts';
import { requireSomeField, restorableFields } from '../../lib/kit/cleanup/restorable.ts';
import { successMessageTests } from './answer-messages.ts';
import { readingPublicProject, soapFaultTests, type Caller } from './fault-scenarios.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import { failFrame, frameChanges, readFrame } from '../../lib/kit/frame/frame.ts';
import { neighbourSoapFrame } from '../../lib/kit/frame/places.ts';
import type { FixtureName } from '../../lib/kit/fixtures/projects.ts';

/** XML 1.0 cannot carry C0 controls other than tab, LF and CR, nor U+FFFE and U+FFFF. */
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/**
 * Only spaces, tabs, CR or LF: the real system's SOAP stack (PHP SoapServer) drops such a text node,
 * so the value arrives as '' (tuleap-facts A.1). The spec does not say which is right: observed.
 */
const WHITESPACE_ONLY = /^[ \t\r\n]+$/;

interface DescField {
  id: number;
  name: string;
  is_mandatory: number;
}

/** The platform's fields; [] when it answers 3107 (no custom description fields, §7.1). */
async function listedFields(soap: SoapClient, key: string): Promise<DescField[]> {
  const answer = await soap.call('getPlateformProjectDescriptionFields', { sessionKey: key });
  if (answer.fault?.faultcode === '3107') return [];
  return expectSuccess(answer, 'getPlateformProjectDescriptionFields') as DescField[];
}

/** The platform's fields, at least one: the test is skipped on a platform without any. */
async function platformFields(
  ctx: ConformanceContext,
  soap: SoapClient,
  key: string,
): Promise<DescField[]> {
  const fields = await listedFields(soap, key);
  if (fields.length === 0)
    ctx.skip('the platform has no description field (fault 3107): no value can be set or read');
  return fields;
}

/** What the tests take in turn: the description values of a shared project, by its id. */
const valuesOf = (name: FixtureName) =>
  `the description values of project ${inject('fixtures')[name].id}`;

/**
 * The members of each item of an array answer and their xsi:types: a member sent without one
 * breaks soap.wire.xsi-type; the type of a typed member is the §2.1 type's rule (`rule`).
 */
function expectMemberTypes(
  ctx: ConformanceContext,
  answer: SoapAnswer,
  rule: 'soap.types.desc-field' | 'soap.types.desc-field-value',
  type: string,
  declared: Record<string, string>,
): void {
  const items = answer.part?.children ?? [];
  ctx.judging('soap.wire.xsi-type');
  const untyped = items.flatMap((item) => untypedValues(item).slice(1));
  ctx.expect.soft(untyped, `members of ${type} without xsi:type`).toEqual([]);
  ctx.judging(rule);
  for (const [i, item] of items.entries()) {
    const members = Object.fromEntries(
      item.children.map((m) => [m.name, xsiType(m)?.local ?? declared[m.name]]),
    );
    ctx.expect.soft(members, `members of ${type} ${i} and their xsi:types`).toEqual(declared);
  }
}

/** A field id the platform does not have. */
function unknownField(fields: readonly DescField[]): number {
  return Math.max(0, ...fields.map((f) => f.id)) + 1_000_000;
}

async function owner(ctx: ConformanceContext) {
  const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
  return { soap: ctx.soap, key, fields: await platformFields(ctx, ctx.soap, key) };
}

// The blocks run side by side. The reads of the platform's fields: side by side with every test.
// The tests that write the SOAP project's values, or read back the public project's (which a
// planted fault may change under another test), take that project's values in turn
// (lib/kit/fixtures/in-turn.ts).
describe.concurrent('getPlateformProjectDescriptionFields', () => {
  conformanceTest(
    ['soap.getPlateformProjectDescriptionFields.effect', 'soap.types.desc-field'],
    'getPlateformProjectDescriptionFields must return the platform fields as DescField {id:int, name:string, is_mandatory:int}',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await ctx.soap.call('getPlateformProjectDescriptionFields', {
        sessionKey: key,
      });
      if (answer.fault?.faultcode === '3107')
        ctx.skip('the platform has no description field (fault 3107)');
      ctx.judging('soap.getPlateformProjectDescriptionFields.effect');
      const fields = expectSuccess(answer, 'getPlateformProjectDescriptionFields') as DescField[];
      const ids = fields.map((f) => f.id);
      expect(new Set(ids).size, 'field ids are distinct').toBe(ids.length);
      const again = expectSuccess(
        await ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: key }),
        'a second call',
      );
      expect(again, 'the platform fields are the same on a second call').toEqual(fields);
      expectMemberTypes(ctx, answer, 'soap.types.desc-field', 'DescField', {
        id: 'int',
        name: 'string',
        is_mandatory: 'int',
      });
    },
  );

  conformanceTest(
    ['soap.types.flag-values'],
    'the values of is_mandatory are observed: 0 or 1',
    async (ctx) => {
      const { fields } = await owner(ctx);
      for (const f of fields)
        ctx.expect.soft([0, 1], `is_mandatory of '${f.name}'`).toContain(f.is_mandatory);
    },
  );

  conformanceTest(
    ['soap.getPlateformProjectDescriptionFields.fault.3107'],
    'getPlateformProjectDescriptionFields on a platform without description fields must answer fault 3107',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await ctx.soap.call('getPlateformProjectDescriptionFields', {
        sessionKey: key,
      });
      if (answer.fault || !Array.isArray(answer.value) || answer.value.length === 0)
        return expectFault(
          answer,
          3107,
          'getPlateformProjectDescriptionFields on a platform without fields',
        );
      // The platform has fields and no operation removes one: test control makes the next call
      // answer as a platform without custom fields would.
      if (!ctx.target.capabilities.failNext)
        ctx.skip(
          `the platform has ${answer.value.length} description field(s), no operation of the interface removes one, ` +
            "and the target lacks the capability 'failNext' (test control) to answer one call as a platform without them",
          { needs: ['failNext'] },
        );
      await armFailure(ctx.http, {
        operation: 'getPlateformProjectDescriptionFields',
        failure: 'no-description-fields',
        sessionKey: key,
      });
      expectFault(
        await ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: key }),
        3107,
        'getPlateformProjectDescriptionFields after POST /__conformance/fail-next {"failure": "no-description-fields"}',
      );
      expect(
        expectSuccess(
          await ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: key }),
          'getPlateformProjectDescriptionFields again (the failure was for one call)',
        ),
        'the platform fields are unchanged after the failed call',
      ).toEqual(answer.value);
    },
    { cells: [faultCell('getPlateformProjectDescriptionFields', 3107, 'valid-session')] },
  );
});

describe.concurrent('setProjectDescriptionFieldValue and getProjectDescriptionFieldsValue', () => {
  inTurn(() => [valuesOf('soapProject')]);
  conformanceTest(
    [
      'soap.setProjectDescriptionFieldValue.effect',
      'soap.getProjectDescriptionFieldsValue.effect',
      'soap.types.desc-field-value',
    ],
    'a value set with setProjectDescriptionFieldValue must be read back by getProjectDescriptionFieldsValue as DescFieldValue {id:int, value:string}, the other values unchanged',
    async (ctx) => {
      ctx.judging('soap.getPlateformProjectDescriptionFields.effect');
      const { soap, key, fields } = await owner(ctx);
      const project = ctx.fixtures.soapProject.id;
      ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
      const writable = await restorableFields(ctx, key, project, fields);
      const field = requireSomeField(ctx, project, writable.fields).at(-1)!;
      const before = writable.values;
      const value = `set by the conformance run ${inject('runTag')} at ${Date.now()}`;
      // Frame conditions: no other project's values change (docs/what-the-suites-assume.md).
      const frame = await neighbourSoapFrame(ctx, 'getProjectDescriptionFieldsValue');
      const frameBefore = await readFrame(frame.parts);
      ctx.judging('soap.setProjectDescriptionFieldValue.effect');
      expectSuccess(
        await soap.call('setProjectDescriptionFieldValue', {
          session_key: key,
          group_id: project,
          field_id_to_update: field.id,
          field_value: value,
        }),
        'setProjectDescriptionFieldValue',
      );
      const answer = await soap.call('getProjectDescriptionFieldsValue', {
        session_key: key,
        group_id: project,
      });
      ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
      const after = new Map(
        (
          expectSuccess(answer, 'getProjectDescriptionFieldsValue') as Array<{
            id: number;
            value: string;
          }>
        ).map((v) => [v.id, v.value]),
      );
      ctx.judging('soap.setProjectDescriptionFieldValue.effect');
      expect(after.get(field.id), `value of field ${field.id} '${field.name}' read back`).toBe(
        value,
      );
      after.delete(field.id);
      before.delete(field.id);
      expect(Object.fromEntries(after), 'the values of the other fields').toEqual(
        Object.fromEntries(before),
      );
      expectMemberTypes(ctx, answer, 'soap.types.desc-field-value', 'DescFieldValue', {
        id: 'int',
        value: 'string',
      });
      ctx.judging('soap.setProjectDescriptionFieldValue.effect');
      const changes = frameChanges(frameBefore, await readFrame(frame.parts));
      if (changes.length > 0)
        failFrame(
          changes,
          'soap.setProjectDescriptionFieldValue.effect',
          `setProjectDescriptionFieldValue on project ${project}`,
          frame.sampled,
        );
    },
    { cells: frameCells('setProjectDescriptionFieldValue') },
  );

  conformanceTest(
    ['soap.setProjectDescriptionFieldValue.output'],
    'setProjectDescriptionFieldValue must answer an empty setProjectDescriptionFieldValueResponse (no output part)',
    async (ctx) => {
      const { soap, key, fields } = await owner(ctx);
      const project = ctx.fixtures.soapProject.id;
      const writable = await restorableFields(ctx, key, project, fields);
      const answer = await soap.call('setProjectDescriptionFieldValue', {
        session_key: key,
        group_id: project,
        field_id_to_update: requireSomeField(ctx, project, writable.fields)[0]!.id,
        field_value: 'output check',
      });
      expectSuccess(answer, 'setProjectDescriptionFieldValue');
      expect(
        answer.response?.children.map((c) => c.name),
        'parts of setProjectDescriptionFieldValueResponse',
      ).toEqual([]);
    },
  );

  conformanceTest(
    ['soap.setProjectDescriptionFieldValue.effect', 'soap.getProjectDescriptionFieldsValue.effect'],
    'property: any non-empty string (Unicode, XML special characters, line ends, long) that is not white space alone, set as a value, must be read back unchanged',
    async (ctx) => {
      const { soap, key, fields: listed } = await owner(ctx);
      const project = ctx.fixtures.soapProject.id;
      const fields = requireSomeField(
        ctx,
        project,
        (await restorableFields(ctx, key, project, listed)).fields,
      );
      const specials = fc.constantFrom(
        '<',
        '>',
        '&',
        '"',
        "'",
        ']]>',
        '&amp;',
        '&#13;',
        '\r',
        '\n',
        '\r\n',
        '\t',
        ' ',
        'é',
        '𝄞',
        '中',
        '\u200D',
        '<![CDATA[x]]>',
      );
      const value = fc
        .oneof(
          fc.string({ unit: 'grapheme', minLength: 1 }),
          fc.string({ unit: codePointUnit(), minLength: 1 }),
          fc.array(specials, { minLength: 1, maxLength: 20 }).map((parts) => parts.join('')),
          fc.string({ unit: 'grapheme-ascii', minLength: 2000, maxLength: 20_000 }),
        )
        .filter((s) => XML_CHAR.test(s) && !WHITESPACE_ONLY.test(s));
      // Each field is a place of its own (a value is set and read back per field): the runs are
      // spread over up to four of them, concurrent chains of requests.
      await spreadProperty(
        fields.slice(0, 4),
        propertyRun(100),
        (field) =>
          fc.asyncProperty(value, async (v) => {
            expectSuccess(
              await soap.call('setProjectDescriptionFieldValue', {
                session_key: key,
                group_id: project,
                field_id_to_update: field.id,
                field_value: v,
              }),
              'setProjectDescriptionFieldValue',
            );
            const read = (await descriptionValuesOf(soap, key, project)).get(field.id);
            expect(read, `value of field ${field.id} read back (${v.length} characters sent)`).toBe(
              v,
            );
          }),
        (field) => `field ${field.id} '${field.name}' of project ${project}`,
      );
    },
  );
});

describe.concurrent('observed: values made only of white space', () => {
  inTurn(() => [valuesOf('soapProject')]);
  conformanceTest(
    ['soap.strings.whitespace-only'],
    "what a value made only of spaces, tabs, CR or LF reads back as is observed (the real system: '')",
    async (ctx) => {
      const { soap, key, fields } = await owner(ctx);
      const project = ctx.fixtures.soapProject.id;
      const writable = await restorableFields(ctx, key, project, fields);
      const field = requireSomeField(ctx, project, writable.fields)[0]!;
      const seen: string[] = [];
      for (const value of [' ', '\t', '\n', '\r\n', ' \t\r\n ']) {
        const set = await soap.call('setProjectDescriptionFieldValue', {
          session_key: key,
          group_id: project,
          field_id_to_update: field.id,
          field_value: value,
        });
        if (set.fault) {
          seen.push(`${JSON.stringify(value)} → fault ${set.fault.faultcode}`);
          continue;
        }
        const read = (await descriptionValuesOf(soap, key, project)).get(field.id);
        seen.push(
          `${JSON.stringify(value)} → ${read === undefined ? 'no value' : JSON.stringify(read)}`,
        );
      }
      ctx.observe(
        `field ${field.id} set to a value of white space alone reads back: ${seen.join(', ')}`,
      );
    },
  );
});

describe.concurrent('getPlateformProjectDescriptionFields lists every field (§4.2 #6: all)', () => {
  // Its probes set the SOAP project's values of the ids next to the listed ones.
  inTurn(() => [valuesOf('soapProject')]);
  conformanceTest(
    ['soap.getPlateformProjectDescriptionFields.effect'],
    'every field id that getProjectDescriptionFieldsValue returns or setProjectDescriptionFieldValue accepts must be in getPlateformProjectDescriptionFields',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const listed = new Set((await listedFields(ctx.soap, key)).map((f) => f.id));
      const shown = `[${[...listed].join(', ')}]`;
      const { publicProject, privateProject, soapProject } = ctx.fixtures;
      for (const project of [publicProject, privateProject, soapProject])
        for (const id of (await descriptionValuesOf(ctx.soap, key, project.id)).keys())
          expect(
            listed.has(id),
            `field ${id} has a value in project ${project.id}, so it exists, but getPlateformProjectDescriptionFields lists ${shown}`,
          ).toBe(true);
      // Ids next to the listed ones: a field left out of the list is found by trying to set it.
      const top = Math.max(0, ...listed);
      const probes = new Set<number>();
      for (let id = 1; id <= Math.min(top + 5, 50); id++) probes.add(id);
      for (const id of listed) for (const d of [-2, -1, 1, 2]) if (id + d > 0) probes.add(id + d);
      for (const id of [...probes].filter((p) => !listed.has(p)).sort((a, b) => a - b)) {
        const answer = await ctx.soap.call('setProjectDescriptionFieldValue', {
          session_key: key,
          group_id: soapProject.id,
          field_id_to_update: id,
          field_value: `probe ${inject('runTag')}`,
        });
        expect(
          answer.fault,
          `setProjectDescriptionFieldValue of field ${id} succeeded, so the field exists, but getPlateformProjectDescriptionFields lists ${shown}`,
        ).toBeDefined();
      }
    },
  );
});

describe.concurrent('answers are sent as text/xml', () => {
  inTurn(() => [valuesOf('soapProject')]);
  successMessageTests('setProjectDescriptionFieldValue', {
    how: 'of a field of the SOAP project, by its admin (the value it has, when it has one)',
    rule: 'soap.setProjectDescriptionFieldValue.effect',
    async answer(ctx) {
      const { soap, key, fields } = await owner(ctx);
      const project = ctx.fixtures.soapProject.id;
      const values = await descriptionValuesOf(soap, key, project);
      const field = fields.find((f) => values.has(f.id)) ?? fields[fields.length - 1]!;
      return soap.call('setProjectDescriptionFieldValue', {
        session_key: key,
        group_id: project,
        field_id_to_update: field.id,
        field_value: values.get(field.id) ?? `set by the conformance run ${inject('runTag')}`,
      });
    },
  });
});

describe.concurrent(
  'faults and permissions (on the public project, which must stay as it was)',
  () => {
    inTurn(() => [valuesOf('publicProject')]);
    soapFaultTests([
      {
        op: 'setProjectDescriptionFieldValue',
        leaves: { 'non-admin': 'change nothing', 'foreign-admin': 'change nothing' },
        async arrange(ctx) {
          const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
          const fields = await platformFields(ctx, ctx.soap, admin);
          const project = ctx.fixtures.publicProject.id;
          const before = await descriptionValuesOf(ctx.soap, admin, project);
          return {
            // Every field: a target may check the rights per field.
            calls: fields.map((field) => ({
              what: `of field ${field.id}`,
              send: (key: string, by: Caller, on = project) =>
                ctx.soap.call('setProjectDescriptionFieldValue', {
                  session_key: key,
                  group_id: on,
                  field_id_to_update: field.id,
                  field_value: `by the ${by}`,
                }),
            })),
            unchanged: async () =>
              expect(
                Object.fromEntries(await descriptionValuesOf(ctx.soap, admin, project)),
                'values after the faults',
              ).toEqual(Object.fromEntries(before)),
          };
        },
      },
      readingPublicProject('getProjectDescriptionFieldsValue'),
    ]);

    conformanceTest(
      ['soap.setProjectDescriptionFieldValue.fault.3108', 'soap.fault.nothing-changed'],
      'setProjectDescriptionFieldValue of a field the platform does not have must answer fault 3108 and change nothing',
      async (ctx) => {
        const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
        // Judged on a platform without fields too: there every id is unknown.
        ctx.judging('soap.getPlateformProjectDescriptionFields.effect');
        const fields = await listedFields(ctx.soap, key);
        const project = ctx.fixtures.publicProject.id;
        ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
        const before = await descriptionValuesOf(ctx.soap, key, project);
        const field = unknownField(fields);
        ctx.judging('soap.setProjectDescriptionFieldValue.fault.3108');
        expectFault(
          await ctx.soap.call('setProjectDescriptionFieldValue', {
            session_key: key,
            group_id: project,
            field_id_to_update: field,
            field_value: 'x',
          }),
          3108,
          `setProjectDescriptionFieldValue of field ${field}`,
        );
        ctx.judging('soap.fault.nothing-changed', {
          reliesOn: ['soap.setProjectDescriptionFieldValue.fault.3108'],
        });
        expect(
          Object.fromEntries(await descriptionValuesOf(ctx.soap, key, project)),
          'values after the fault',
        ).toEqual(Object.fromEntries(before));
      },
      { cells: [faultCell('setProjectDescriptionFieldValue', 3108, 'project-admin')] },
    );
  },
);
