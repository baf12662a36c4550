/**
 * §4.1 and §7.1 on the wire: encoded answers type every value with xsi:type, arrays are SOAP-ENC
 * arrays (SOAP-ENC:arrayType, typed members whose element names are insignificant: SOAP 1.1 §5.4.2),
 * answers are in the target namespace {base_url}/soap/project, faults carry the bare numeric code
 * with HTTP 500, and a request with the operation's SOAPAction header is served. {base_url} is the
 * base the target knows itself by (lib/kit/soap/base.ts). Read-only calls on the shared public project.
 */
import { restorableFields } from '../../lib/kit/cleanup/restorable.ts';
import { describe, expect } from 'vitest';
import { conformanceTest } from '../../lib/kit/conformance-test.ts';
import type { SoapAnswer, SoapClient } from '../../lib/kit/soap/client.ts';
import { SOAP_NS } from '../../lib/kit/soap/envelope.ts';
import { expectSuccess } from '../../lib/kit/soap/expect.ts';
import { soapBodyRoot } from '../../lib/kit/soap/references.ts';
import { child, parseXml } from '../../lib/kit/xml/tree.ts';
import {
  arrayTypeProblem,
  encodedArrayProblems,
  untypedValues,
  xsiType,
} from '../../lib/kit/soap/wire.ts';
import { NO_SUCH_PROJECT } from '../../lib/kit/no-such-ids.ts';
import { declaredNamespace } from './declared-namespace.ts';

const NO_FIELDS =
  'the platform has no description field (fault 3107 of getPlateformProjectDescriptionFields): no array of DescField to judge';

/** §7.1 3107: a platform without description fields answers getPlateformProjectDescriptionFields so. */
function isNoFieldsFault(answer: SoapAnswer): boolean {
  return answer.fault?.faultcode === '3107';
}

type ArrayOperation =
  | 'getProjectServicesUsage'
  | 'getPlateformProjectDescriptionFields'
  | 'getProjectDescriptionFieldsValue';

/** One of the three operations answering an array, on `project` (the platform's takes none). */
function readArray(
  soap: SoapClient,
  op: ArrayOperation,
  key: string,
  project: number,
): Promise<SoapAnswer> {
  if (op === 'getPlateformProjectDescriptionFields') return soap.call(op, { sessionKey: key });
  return soap.call(op, { session_key: key, group_id: project });
}

const ARRAY_CALLS = [
  { op: 'getProjectServicesUsage', array: 'ArrayOfServicesValues', item: 'ServiceValue' },
  { op: 'getPlateformProjectDescriptionFields', array: 'ArrayOfDescFields', item: 'DescField' },
  {
    op: 'getProjectDescriptionFieldsValue',
    array: 'ArrayOfDescFieldsValues',
    item: 'DescFieldValue',
  },
] as const;

describe.concurrent('encoded answers', () => {
  for (const { op, array, item } of ARRAY_CALLS) {
    conformanceTest(
      ['soap.wire.xsi-type', `soap.${op}.output`],
      `the ${op} answer must type the part, each item and each member with xsi:type (part: tns:${array})`,
      async (ctx) => {
        const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
        const project = ctx.fixtures.privateProject.id;
        if (op === 'getProjectDescriptionFieldsValue') {
          // Make sure there is a value to read (the private project's description values are only
          // written here); a platform without fields has none, and its empty array is still typed.
          // Read first: the cleanup writes back what was read; on a project the run did not
          // create, a field without a value stays without one (no interface removes a value).
          const described = await ctx.soap.call('getPlateformProjectDescriptionFields', {
            sessionKey: key,
          });
          if (!isNoFieldsFault(described)) {
            ctx.judging('soap.getPlateformProjectDescriptionFields.effect');
            const listed = expectSuccess(described, 'getPlateformProjectDescriptionFields');
            ctx.judging('soap.getProjectDescriptionFieldsValue.effect');
            const { fields, values } = await restorableFields(
              ctx,
              key,
              project,
              listed as Array<{ id: number }>,
            );
            if (values.size === 0 && fields.length === 0)
              ctx.skip(
                `project ${project} has no description value to read, and the run may not set ` +
                  'one: no interface removes a value, and the profile names the project ' +
                  '(`prepare` gives the projects it creates a value in each field)',
              );
            ctx.judging('soap.setProjectDescriptionFieldValue.effect');
            if (values.size === 0)
              expectSuccess(
                await ctx.soap.call('setProjectDescriptionFieldValue', {
                  session_key: key,
                  group_id: project,
                  field_id_to_update: fields[0]!.id,
                  field_value: 'wire check',
                }),
                'setProjectDescriptionFieldValue',
              );
          }
        }
        const answer = await readArray(ctx.soap, op, key, project);
        if (isNoFieldsFault(answer)) ctx.skip(NO_FIELDS);
        ctx.judging(`soap.${op}.output`);
        expectSuccess(answer, op);
        expect(answer.part, `${op}Response holds the output part <${op}>`).toBeDefined();
        expect(answer.part!.name, 'name of the output part').toBe(op);
        ctx.judging('soap.wire.xsi-type');
        const untyped = untypedValues(answer.part!);
        expect(untyped, `values without xsi:type: ${untyped.join(', ')}`).toEqual([]);
        // The types are the WSDL's, named in the namespace it declares.
        const { declared, declaredReliesOn } = await declaredNamespace(ctx);
        ctx.judging('soap.wire.xsi-type', { reliesOn: declaredReliesOn });
        const typing = arrayTypeProblem(answer.part!, declared, array, item);
        expect(typing, `xsi:type of the part: ${typing}`).toBeUndefined();
        for (const [i, node] of answer.part!.children.entries())
          ctx.expect
            .soft(xsiType(node), `xsi:type of member ${i} <${node.name}>`)
            .toEqual({ ns: declared, local: item });
      },
    );
  }

  for (const { op, item } of ARRAY_CALLS.slice(0, 2)) {
    conformanceTest(
      ['soap.wire.encoded-arrays'],
      `the ${op} answer must be a SOAP-ENC array whose arrayType names the member type and counts the members`,
      async (ctx) => {
        const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
        const answer = await readArray(ctx.soap, op, key, ctx.fixtures.publicProject.id);
        if (isNoFieldsFault(answer)) ctx.skip(NO_FIELDS);
        expectSuccess(answer, op);
        expect(answer.part!.children.length, `${op} returns at least one ${item}`).toBeGreaterThan(
          0,
        );
        // The member type in the answer's own namespace: whether that is the target namespace is
        // soap.versioning.fixed-namespace's check (as the monitor judges it: soap-output.ts).
        const problems = encodedArrayProblems(answer.part!, answer.response!.ns, item);
        expect(problems, `${op} as a SOAP-ENC array: ${problems.join('; ')}`).toEqual([]);
      },
    );
  }
});

describe.concurrent('faults', () => {
  conformanceTest(
    ['soap.fault.http-500', 'soap.fault.numeric-code'],
    'a fault must be answered with HTTP 500 and the bare numeric code of §7.1 as faultcode',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await ctx.soap.call('getProjectServicesUsage', {
        session_key: key,
        group_id: NO_SUCH_PROJECT,
      });
      // No fault at all breaks the §7.1 pair, not the rules of a fault's form.
      ctx.judging('soap.getProjectServicesUsage.fault.3000');
      expect(
        answer.fault,
        `getProjectServicesUsage of project ${NO_SUCH_PROJECT} (none) must be a fault`,
      ).toBeDefined();
      ctx.judging('soap.fault.http-500');
      ctx.expect.soft(answer.http.status, 'HTTP status of a SOAP fault').toBe(500);
      ctx.judging('soap.fault.numeric-code');
      expect(
        answer.fault!.faultcode,
        'faultcode: the §7.1 number, unqualified (no SOAP-ENV:Server)',
      ).toMatch(/^\d+$/);
      ctx.judging('soap.getProjectServicesUsage.fault.3000');
      expect(answer.fault!.faultcode, 'faultcode: 3000 Invalid project id').toBe('3000');
    },
  );

  conformanceTest(
    ['soap.fault.payload-shape'],
    'the shape of a SOAP fault is observed: a SOAP 1.1 Fault with faultcode and faultstring',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await ctx.soap.call('getProjectServicesUsage', {
        session_key: key,
        group_id: NO_SUCH_PROJECT,
      });
      // §7.2: the shape of a fault is 'not shown': what came back is recorded, never judged.
      const fault = answer.fault ? soapBodyRoot(parseXml(answer.http.text)) : undefined;
      const faultcode = fault && child(fault, 'faultcode');
      const faultstring = fault && child(fault, 'faultstring');
      ctx.observe(
        fault?.name === 'Fault' && fault.ns === SOAP_NS.env
          ? `a SOAP 1.1 Fault (HTTP ${answer.http.status}) with ` +
              `faultcode ${faultcode ? `'${faultcode.text.trim()}'` : 'missing'}, ` +
              `faultstring ${faultstring ? `'${faultstring.text.slice(0, 120)}'` : 'missing'}` +
              `${fault.children.some((c) => c.name === 'detail') ? ', and a detail' : ''}`
          : `no SOAP 1.1 Fault but a ${answer.response?.name ?? 'response'} (HTTP ${answer.http.status})`,
      );
    },
  );
});

describe.concurrent('the target namespace on the wire', () => {
  conformanceTest(
    ['soap.versioning.fixed-namespace', 'soap.wsdl.target-namespace'],
    'answers must be in the target namespace {base_url}/soap/project the WSDL declares: the <operation>Response element',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const { runsReliesOn } = await declaredNamespace(ctx);
      for (const op of [
        'getPlateformProjectDescriptionFields',
        'getProjectServicesUsage',
      ] as const) {
        const answer = await readArray(ctx.soap, op, key, ctx.fixtures.publicProject.id);
        if (isNoFieldsFault(answer)) continue;
        expectSuccess(answer, op);
        // Compared with {base}/soap/project, the base learned from the WSDL's target namespace.
        ctx.judging('soap.versioning.fixed-namespace', { reliesOn: runsReliesOn });
        ctx.expect
          .soft(answer.response!.ns, `namespace of <${answer.response!.name}>`)
          .toBe(ctx.soap.namespace);
      }
    },
  );
});

describe.concurrent('the SOAPAction header', () => {
  conformanceTest(
    ['soap.wire.soap-action-header'],
    'a request carrying the SOAPAction "{base_url}/soap/project#<operation>" must be served',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      for (const action of [
        `"${ctx.soap.namespace}#getProjectServicesUsage"`,
        `${ctx.soap.namespace}#getProjectServicesUsage`,
      ]) {
        const answer = await ctx.soap.call(
          'getProjectServicesUsage',
          { session_key: key, group_id: ctx.fixtures.publicProject.id },
          { soapAction: action },
        );
        expectSuccess(answer, `getProjectServicesUsage with SOAPAction: ${action}`);
      }
    },
  );
});
