/**
 * §4.1, §2.1, §4.2, §9: the WSDL the target serves at {target}/soap/project/?wsdl (or the profile's
 * wsdlUrl), read as data: names, style and use, SOAP actions, messages and their parts in order, the
 * §2.1 types, and a WSDL-driven client (node-soap) can use it. {base_url} is the base the target
 * knows itself by (lib/kit/soap/base.ts): the rule is the form <base>/soap/project of the namespace, and
 * that namespace, location and soapAction agree, not that they name the URL the run was given. They
 * are URLs, compared as URLs (lib/kit/url-equivalence.ts): NuSOAP writes the location with the default
 * port out (https://host:443/soap/project/) under the namespace https://host/soap/project.
 */
import * as soap from 'soap';
import { describe, expect } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import {
  baseOfNamespace,
  PROJECT_WSDL_PATH,
  projectNamespace,
  soapBaseOf,
} from '../../lib/kit/soap/base.ts';
import { nodeSoapHttpClient } from '../../lib/kit/soap/node-soap-transport.ts';
import { SOAP_NS } from '../../lib/kit/soap/envelope.ts';
import { fetchWsdlText } from '../../lib/kit/soap/learn-base.ts';
import { SOAP_OPERATIONS, type SoapOperation } from '../../spec/soap-operations.ts';
import { readWsdl, showQName, WSDL_NS, type Wsdl } from '../../lib/kit/soap/wsdl.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import { asSpelt, defaultPort } from '../../lib/kit/url-equivalence.ts';

/** How a message says that URLs are compared. */
const AS_URLS = 'compared as URLs: scheme and host in any case, a default port the same as none';

/**
 * The WSDL, and the target namespace the run uses: {base}/soap/project with the base learned from
 * this WSDL before the suites (the target URL when it could not be); `own`, the namespace the WSDL
 * declares, in which its names (tns:) refer to its own messages, port type and types. Whether that
 * namespace is {base_url}/soap/project is soap.wsdl.target-namespace's check alone.
 */
async function fetchWsdl(
  ctx: ConformanceContext,
): Promise<{ wsdl: Wsdl; tns: string; own: string }> {
  const location = ctx.target.wsdlUrl ?? PROJECT_WSDL_PATH;
  const answer = await fetchWsdlText(ctx.http, location);
  expect(answer.status, `GET ${answer.url} must answer 200 with the WSDL`).toBe(200);
  let wsdl: Wsdl;
  try {
    wsdl = readWsdl(answer.text);
  } catch (error) {
    throw new Error(
      `GET ${answer.url} did not answer a WSDL 1.1 document: ${(error as Error).message}`,
    );
  }
  const tns = projectNamespace(soapBaseOf(ctx.http));
  return { wsdl, tns, own: wsdl.targetNamespace ?? tns };
}

function serviceLocations(wsdl: Wsdl): Array<string | undefined> {
  return wsdl.services.flatMap((s) => s.ports.map((p) => p.location));
}

function binding(wsdl: Wsdl) {
  const found = wsdl.bindings.find((b) => b.name === 'ProjectAPIBinding');
  expect(
    found,
    `a binding named ProjectAPIBinding (found: ${wsdl.bindings.map((b) => b.name).join(', ') || 'none'})`,
  ).toBeDefined();
  return found!;
}

function portType(wsdl: Wsdl) {
  const found = wsdl.portTypes.find((p) => p.name === 'ProjectAPIPortType');
  expect(
    found,
    `a portType named ProjectAPIPortType (found: ${wsdl.portTypes.map((p) => p.name).join(', ') || 'none'})`,
  ).toBeDefined();
  return found!;
}

function portOperation(wsdl: Wsdl, op: SoapOperation) {
  const found = portType(wsdl).operations.find((o) => o.name === op.name);
  expect(found, `ProjectAPIPortType declares the operation ${op.name}`).toBeDefined();
  return found!;
}

describe.concurrent('the WSDL at {base_url}/soap/project/?wsdl', () => {
  conformanceTest(
    ['soap.wsdl.available'],
    'GET {base_url}/soap/project/?wsdl must answer a WSDL 1.1 document declaring the 14 operations',
    async (ctx) => {
      const { wsdl } = await fetchWsdl(ctx);
      const declared = wsdl.portTypes.flatMap((p) => p.operations.map((o) => o.name));
      for (const op of SOAP_OPERATIONS)
        ctx.expect
          .soft(declared, `the WSDL declares the §4.2 operation ${op.name}`)
          .toContain(op.name);
    },
  );

  conformanceTest(
    ['soap.wsdl.target-namespace', 'soap.versioning.fixed-namespace'],
    'the target namespace must be exactly {base_url}/soap/project, with no version marker',
    async (ctx) => {
      const { wsdl, tns } = await fetchWsdl(ctx);
      const form = baseOfNamespace(wsdl.targetNamespace);
      expect(
        form.problem,
        `definitions/@targetNamespace of the form <base>/soap/project: ${form.problem ?? 'it is'}`,
      ).toBeUndefined();
      expect(
        asSpelt(wsdl.targetNamespace, tns),
        `definitions/@targetNamespace: the namespace the run learned from this WSDL before the suites (${AS_URLS})`,
      ).toBe(tns);
      // The namespace of the operation elements: an XML namespace name, the same string as the
      // target namespace (Namespaces in XML 1.0 §2.3 compares them as strings, as parsers do).
      for (const op of binding(wsdl).operations) {
        for (const [which, b] of [
          ['input', op.input],
          ['output', op.output],
        ] as const) {
          if (b?.namespace !== undefined)
            ctx.expect.soft(b.namespace, `soap:body/@namespace of ${op.name} ${which}`).toBe(tns);
        }
      }
    },
  );

  conformanceTest(
    ['soap.wsdl.port-type'],
    'the port type must be named ProjectAPIPortType',
    async (ctx) => {
      const { wsdl } = await fetchWsdl(ctx);
      const names = portType(wsdl).operations.map((o) => o.name);
      expect(names.length, 'ProjectAPIPortType holds the 14 operations').toBeGreaterThanOrEqual(14);
    },
  );

  conformanceTest(
    ['soap.wsdl.binding', 'soap.wsdl.protocol'],
    'the binding ProjectAPIBinding must bind ProjectAPIPortType to SOAP over HTTP',
    async (ctx) => {
      const { wsdl, own } = await fetchWsdl(ctx);
      ctx.judging('soap.wsdl.binding');
      const b = binding(wsdl);
      expect(showQName(b.type, own), 'binding/@type').toBe('tns:ProjectAPIPortType');
      ctx.judging('soap.wsdl.protocol');
      expect(b.transport, 'soap:binding/@transport (SOAP over HTTP)').toBe(WSDL_NS.http);
    },
  );

  conformanceTest(['soap.wsdl.style-rpc'], 'every operation must be rpc style', async (ctx) => {
    const { wsdl } = await fetchWsdl(ctx);
    const b = binding(wsdl);
    for (const op of SOAP_OPERATIONS) {
      const bound = b.operations.find((o) => o.name === op.name);
      ctx.expect.soft(bound, `ProjectAPIBinding binds ${op.name}`).toBeDefined();
      // WSDL 1.1 §3.4: the operation's style, else the binding's, else 'document'.
      ctx.expect.soft(bound?.style ?? b.style ?? 'document', `style of ${op.name}`).toBe('rpc');
    }
  });

  conformanceTest(
    ['soap.wsdl.use-encoded'],
    'the input and output bodies of every operation must be encoded (SOAP encoding)',
    async (ctx) => {
      const { wsdl } = await fetchWsdl(ctx);
      const b = binding(wsdl);
      for (const op of SOAP_OPERATIONS) {
        const bound = b.operations.find((o) => o.name === op.name);
        for (const which of ['input', 'output'] as const) {
          ctx.expect
            .soft(bound?.[which]?.use, `soap:body/@use of ${op.name} ${which}`)
            .toBe('encoded');
          ctx.expect
            .soft(bound?.[which]?.encodingStyle, `soap:body/@encodingStyle of ${op.name} ${which}`)
            .toBe(SOAP_NS.enc);
        }
      }
    },
  );

  conformanceTest(
    ['soap.wsdl.request-response'],
    'every operation must be request-response: an input followed by an output',
    async (ctx) => {
      const { wsdl } = await fetchWsdl(ctx);
      for (const op of SOAP_OPERATIONS) {
        const declared = portOperation(wsdl, op);
        ctx.expect
          .soft(
            declared.order.filter((n) => n === 'input' || n === 'output'),
            `children of portType operation ${op.name}`,
          )
          .toEqual(['input', 'output']);
      }
    },
  );

  conformanceTest(
    ['soap.wsdl.soap-action'],
    'the SOAP action of each operation must be {base_url}/soap/project#<operation_name>',
    async (ctx) => {
      const { wsdl, tns } = await fetchWsdl(ctx);
      const b = binding(wsdl);
      // The base of the expected action is the one learned from the target namespace.
      ctx.judging('soap.wsdl.soap-action', { reliesOn: ['soap.wsdl.target-namespace'] });
      for (const op of SOAP_OPERATIONS) {
        const bound = b.operations.find((o) => o.name === op.name);
        const action = `${tns}#${op.name}`;
        ctx.expect
          .soft(
            asSpelt(bound?.soapAction, action),
            `soap:operation/@soapAction of ${op.name} (${AS_URLS})`,
          )
          .toBe(action);
      }
    },
  );

  conformanceTest(
    ['soap.wsdl.request-message'],
    'the request message of each operation must be named <operation_name>Request',
    async (ctx) => {
      const { wsdl, own } = await fetchWsdl(ctx);
      for (const op of SOAP_OPERATIONS) {
        const input = portOperation(wsdl, op).input;
        ctx.expect
          .soft(showQName(input, own), `input message of ${op.name}`)
          .toBe(`tns:${op.name}Request`);
        ctx.expect
          .soft(wsdl.messages.has(`${op.name}Request`), `message ${op.name}Request is declared`)
          .toBe(true);
      }
    },
  );

  conformanceTest(
    ['soap.wsdl.response-message'],
    'the response message must be named <operation_name>Response and its output part <operation_name>',
    async (ctx) => {
      const { wsdl, own } = await fetchWsdl(ctx);
      for (const op of SOAP_OPERATIONS) {
        const output = portOperation(wsdl, op).output;
        ctx.expect
          .soft(showQName(output, own), `output message of ${op.name}`)
          .toBe(`tns:${op.name}Response`);
        const parts = wsdl.messages.get(`${op.name}Response`);
        ctx.expect.soft(parts, `message ${op.name}Response is declared`).toBeDefined();
        // §4.2 rows 12 and 14 have no output part.
        ctx.expect
          .soft(
            parts?.map((p) => p.name),
            `parts of ${op.name}Response`,
          )
          .toEqual(op.output === null ? [] : [op.name]);
      }
    },
  );

  conformanceTest(
    ['soap.auth.session-first', 'soap.types.session-key-string'],
    'the first input of every operation must be a session key (session_key or sessionKey) of type xsd:string',
    async (ctx) => {
      const { wsdl, own } = await fetchWsdl(ctx);
      for (const op of SOAP_OPERATIONS) {
        const first = wsdl.messages.get(`${op.name}Request`)?.[0];
        ctx.expect
          .soft(['session_key', 'sessionKey'], `first part of ${op.name}Request`)
          .toContain(first?.name);
        ctx.expect
          .soft(showQName(first?.type, own), `type of the session key of ${op.name}`)
          .toBe('xsd:string');
      }
      const admin = wsdl.messages.get('addProjectRequest')?.[1];
      expect(showQName(admin?.type, own), 'type of addProject adminSessionKey').toBe('xsd:string');
    },
  );
});

/** The parts of §4.2 that carry a session key (§2.1: a string). */
const SESSION_KEY_PARTS = ['session_key', 'sessionKey', 'adminSessionKey'];

describe.concurrent('§4.2 parts and outputs, as the WSDL declares them', () => {
  for (const op of SOAP_OPERATIONS) {
    const parts = op.inputs.map(([name, type]) => `${name}:${type}`);
    conformanceTest(
      [`soap.${op.name}.parts`, 'soap.types.rpc-named-parts'],
      `${op.name}Request must have the named parts ${parts.join(', ')}, in that order`,
      async (ctx) => {
        const { wsdl, own } = await fetchWsdl(ctx);
        const declared = wsdl.messages.get(`${op.name}Request`) ?? [];
        ctx.judging('soap.types.rpc-named-parts');
        expect(
          declared.filter((p) => p.name === '' || p.type === undefined).length,
          `parts of ${op.name}Request without a name or a type (rpc/encoded parts are typed)`,
        ).toBe(0);
        // §2.1: a session key part is a string; another type breaks that rule, not the row's.
        ctx.judging('soap.types.session-key-string');
        const keys = declared.filter((p) => SESSION_KEY_PARTS.includes(p.name));
        for (const key of keys)
          ctx.expect
            .soft(showQName(key.type, own), `type of ${op.name}Request's session key ${key.name}`)
            .toBe('xsd:string');
        ctx.judging(`soap.${op.name}.parts`);
        expect(
          declared.map(
            (p) => `${p.name}:${keys.includes(p) ? 'xsd:string' : showQName(p.type, own)}`,
          ),
          `parts of ${op.name}Request (the session keys' type judged above)`,
        ).toEqual(parts);
      },
    );
    conformanceTest(
      [`soap.${op.name}.output`],
      op.output === null
        ? `${op.name}Response must have no output part`
        : `the output part of ${op.name}Response must be of type ${op.output}`,
      async (ctx) => {
        const { wsdl, own } = await fetchWsdl(ctx);
        const declared = wsdl.messages.get(`${op.name}Response`) ?? [];
        expect(
          declared.map((p) => showQName(p.type, own)),
          `output parts of ${op.name}Response`,
        ).toEqual(op.output === null ? [] : [op.output]);
      },
    );
  }
});

const STRUCTS: Array<[RequirementId, string, Array<[string, string]>]> = [
  [
    'soap.types.desc-field',
    'DescField',
    [
      ['id', 'xsd:int'],
      ['name', 'xsd:string'],
      ['is_mandatory', 'xsd:int'],
    ],
  ],
  [
    'soap.types.desc-field-value',
    'DescFieldValue',
    [
      ['id', 'xsd:int'],
      ['value', 'xsd:string'],
    ],
  ],
  [
    'soap.types.service-value',
    'ServiceValue',
    [
      ['id', 'xsd:int'],
      ['short_name', 'xsd:string'],
      ['is_used', 'xsd:int'],
    ],
  ],
  [
    'soap.types.user-info',
    'UserInfo',
    ['identifier', 'username', 'id', 'real_name', 'email', 'ldap_id'].map((f) => [f, 'xsd:string']),
  ],
];

describe.concurrent('§2.1 types, as the WSDL declares them', () => {
  for (const [id, name, fields] of STRUCTS) {
    conformanceTest(
      [id],
      `the WSDL must declare ${name} with ${fields.map(([f, t]) => `${f}:${t}`).join(', ')}`,
      async (ctx) => {
        const { wsdl, own } = await fetchWsdl(ctx);
        const type = wsdl.complexTypes.get(name);
        expect(type, `complexType ${name} in the WSDL types`).toBeDefined();
        const declared = Object.fromEntries(
          type!.fields.map((f) => [f.name, showQName(f.type, own)]),
        );
        expect(declared, `members of ${name}`).toEqual(Object.fromEntries(fields));
      },
    );
  }

  conformanceTest(
    ['soap.types.arrays'],
    'ArrayOfDescFields, ArrayOfDescFieldsValues and ArrayOfServicesValues must be SOAP-ENC arrays of DescField, DescFieldValue and ServiceValue',
    async (ctx) => {
      const { wsdl } = await fetchWsdl(ctx);
      for (const [array, item] of [
        ['ArrayOfDescFields', 'DescField'],
        ['ArrayOfDescFieldsValues', 'DescFieldValue'],
        ['ArrayOfServicesValues', 'ServiceValue'],
      ] as const) {
        const type = wsdl.complexTypes.get(array);
        ctx.expect.soft(type, `complexType ${array}`).toBeDefined();
        ctx.expect
          .soft(type?.restrictionBase, `${array} restricts SOAP-ENC:Array`)
          .toEqual({ ns: SOAP_NS.enc, local: 'Array' });
        ctx.expect
          .soft(type?.arrayType?.item, `wsdl:arrayType of ${array} (${type?.arrayType?.written})`)
          .toEqual({ ns: wsdl.targetNamespace, local: item });
        ctx.expect
          .soft(type?.arrayType?.dimensions, `wsdl:arrayType of ${array}: one dimension`)
          .toBe('[]');
      }
    },
  );
});

describe.concurrent('the WSDL locates and serves the service', () => {
  conformanceTest(
    ['soap.transport.location'],
    'the service must be located at {base_url}/soap/project/ (soap:address) and answer calls there',
    async (ctx) => {
      const { wsdl, tns } = await fetchWsdl(ctx);
      const location = `${tns}/`;
      expect(
        serviceLocations(wsdl).map((l) => asSpelt(l, location)),
        `soap:address/@location of the service port: {base_url}/soap/project/, with the base of the target namespace ${tns} (${AS_URLS})`,
      ).toContain(location);
      // Sent to the URL the run was given: the name the target knows itself by may not resolve here.
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await ctx.soap.call('getPlateformProjectDescriptionFields', {
        sessionKey: key,
      });
      expect(
        answer.http.status,
        'a call POSTed to {target}/soap/project/ is answered (200 or a SOAP fault)',
      ).toBeOneOf([200, 500]);
      expect(answer.response ?? answer.fault, 'a SOAP answer').toBeDefined();
    },
  );

  conformanceTest(
    ['soap.transport.port-443'],
    'the port the service is located at is observed (production uses 443)',
    async (ctx) => {
      const fetched = await fetchWsdlText(ctx.http, ctx.target.wsdlUrl ?? PROJECT_WSDL_PATH);
      let location: string | undefined;
      try {
        location = serviceLocations(readWsdl(fetched.text))[0];
      } catch {
        return ctx.observe(
          `no WSDL to read a location from (GET ${fetched.url}: ${fetched.status})`,
        );
      }
      const url = location !== undefined && URL.canParse(location) ? new URL(location) : undefined;
      const port = url && (url.port || (defaultPort(url.protocol.slice(0, -1)) ?? 'the default'));
      ctx.observe(
        url
          ? `the WSDL locates the service at ${location}: ${url.protocol.slice(0, -1)} on port ${port}; the run reached it at ${ctx.target.baseUrl}`
          : `the WSDL's soap:address/@location is not a URL: ${String(location)}`,
      );
    },
  );

  conformanceTest(
    ['soap.wsdl.available', 'soap.types.rpc-named-parts'],
    'a WSDL-driven client (node-soap) must be able to build a client from the WSDL and call an operation',
    async (ctx) => {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      // Through the run's client: recorded, and sent as every other request (proxy, TLS, rate
      // limit, the retry after an idle close, which node-soap has not).
      const httpClient = nodeSoapHttpClient(ctx.http);
      const client = await soap.createClientAsync(
        ctx.http.url(ctx.target.wsdlUrl ?? PROJECT_WSDL_PATH),
        { httpClient },
      );
      // node-soap posts to the WSDL's location, named as the target knows itself: the run's URL instead.
      client.setEndpoint(ctx.http.url('/soap/project/'));
      const described = client.describe() as Record<
        string,
        Record<string, Record<string, unknown>>
      >;
      const operations = Object.values(described).flatMap((s) =>
        Object.values(s).flatMap((p) => Object.keys(p)),
      );
      for (const op of SOAP_OPERATIONS)
        ctx.expect.soft(operations, `node-soap sees the operation ${op.name}`).toContain(op.name);
      const call = (
        client as unknown as Record<string, (a: object, o: object) => Promise<[unknown]>>
      )['getPlateformProjectDescriptionFieldsAsync'];
      expect(call, 'node-soap generated getPlateformProjectDescriptionFieldsAsync').toBeTypeOf(
        'function',
      );
      let answer: unknown;
      try {
        [answer] = await call!({ sessionKey: key }, {});
      } catch (error) {
        const fault = (error as { root?: { Envelope?: { Body?: { Fault?: unknown } } } }).root
          ?.Envelope?.Body?.Fault;
        // A SOAP fault (e.g. 3107 when the platform has no field) still proves the call was understood.
        if (!fault)
          throw new Error(
            `node-soap could not call getPlateformProjectDescriptionFields: ${(error as Error).message}`,
          );
        answer = fault;
      }
      expect(answer, 'node-soap read an answer').toBeTruthy();
    },
  );
});
