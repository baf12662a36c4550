/**
 * SOAP clients for the interop tests, behind one interface: a list of calls in, one result per call
 * out. The harness's own client, node-soap's WSDL-driven client, PHP's SoapClient and Python zeep.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import soap from 'soap';
import { HttpClient } from '../../lib/kit/clients/http.ts';
import { Transcript } from '../../lib/kit/clients/transcript.ts';
import { withSoapBase } from '../../lib/kit/soap/base.ts';
import { SoapClient } from '../../lib/kit/soap/client.ts';
import { learnSoapBase } from '../../lib/kit/soap/learn-base.ts';
import { soapOperation } from '../../spec/soap-operations.ts';

export type Service = 'login' | 'project';
export interface Call {
  op: string;
  args: Array<string | number>;
}
export type CallResult =
  { ok: true; value: unknown } | { ok: false; faultcode: string; faultstring: string };

export interface InteropClient {
  name: string;
  /** Why the client cannot run here (a missing Debian package), or undefined. */
  missing?: string;
  /**
   * Makes the calls; with `sendToBaseUrl`, every call goes to {baseUrl}/soap/project/ (or /soap/)
   * instead of the WSDL's location, which names the server as it knows itself (lib/kit/soap/base.ts).
   */
  run(
    baseUrl: string,
    service: Service,
    calls: Call[],
    sendToBaseUrl?: boolean,
  ): Promise<CallResult[]>;
}

const servicePath = (service: Service) => (service === 'project' ? '/soap/project/' : '/soap/');
const wsdlUrl = (baseUrl: string, service: Service) => `${baseUrl}${servicePath(service)}?wsdl`;
/** The drivers' optional second argument: the URL to post to. */
const endpointArgs = (baseUrl: string, service: Service, sendToBaseUrl: boolean | undefined) =>
  sendToBaseUrl ? [`${baseUrl}${servicePath(service)}`] : [];

const LOGIN_PARTS: Record<string, Array<[string, 'xsd:string']>> = {
  login: [
    ['loginname', 'xsd:string'],
    ['passwd', 'xsd:string'],
  ],
  logout: [['sessionKey', 'xsd:string']],
};

function partsOf(service: Service, op: string): Array<readonly [string, string]> {
  return service === 'project' ? [...soapOperation(op).inputs] : (LOGIN_PARTS[op] ?? []);
}

export const ownClient: InteropClient = {
  name: 'harness client',
  async run(baseUrl, service, calls) {
    // As the harness does: namespaces and SOAPAction from the base the project WSDL names.
    const http = new HttpClient(baseUrl, new Transcript(), 10_000);
    withSoapBase(http, (await learnSoapBase(http)).base);
    const client = service === 'project' ? SoapClient.project(http) : SoapClient.login(http);
    const results: CallResult[] = [];
    for (const call of calls) {
      const parts = partsOf(service, call.op).map(([name, type], i) => ({
        name,
        type: type as 'xsd:string',
        value: call.args[i]!,
      }));
      const answer = await client.raw(call.op, parts);
      results.push(
        answer.fault ? { ok: false, ...answer.fault } : { ok: true, value: answer.value ?? null },
      );
    }
    return results;
  },
};

/** node-soap wraps every value as {attributes, $value} and collapses arrays: unwrap. */
function unwrapNodeSoap(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('$value' in record) return record['$value'];
  const attributes = (record['attributes'] ?? {}) as Record<string, string>;
  const isArray = Object.keys(attributes).some((k) => k.endsWith(':arrayType'));
  if (isArray) {
    // SOAP 1.1 §5.4.2: member names are insignificant (<item>, <ServiceValue>, …).
    return (
      Object.entries(record)
        .filter(([k]) => k !== 'attributes')
        // An array of members is spread, a single member kept.
        .flatMap(([, members]) => members)
        .map(unwrapNodeSoap)
    );
  }
  // An empty typed element (<email xsi:type="xsd:string"/>) comes back as its attributes alone.
  if (Object.keys(record).length === 1 && 'attributes' in record) return '';
  return Object.fromEntries(
    Object.entries(record)
      .filter(([k]) => k !== 'attributes')
      .map(([k, v]) => [k, unwrapNodeSoap(v)]),
  );
}

export const nodeSoapClient: InteropClient = {
  name: 'node-soap',
  async run(baseUrl, service, calls, sendToBaseUrl) {
    const client = await soap.createClientAsync(wsdlUrl(baseUrl, service));
    if (sendToBaseUrl) client.setEndpoint(`${baseUrl}${servicePath(service)}`);
    const results: CallResult[] = [];
    for (const call of calls) {
      const args = Object.fromEntries(
        partsOf(service, call.op).map(([name], i) => [name, call.args[i]]),
      );
      try {
        const [answer] = (await (
          client as unknown as Record<string, (a: object) => Promise<[unknown]>>
        )[`${call.op}Async`]!(args)) as [Record<string, unknown> | null];
        const part = answer === null ? null : (Object.values(answer)[0] ?? null);
        results.push({ ok: true, value: unwrapNodeSoap(part) });
      } catch (error) {
        const fault = (
          error as {
            root?: { Envelope?: { Body?: { Fault?: { faultcode: string; faultstring: string } } } };
          }
        ).root?.Envelope?.Body?.Fault;
        if (!fault) throw error;
        results.push({
          ok: false,
          faultcode: String(fault.faultcode),
          faultstring: String(fault.faultstring),
        });
      }
    }
    return results;
  },
};

function spawnDriver(command: string, args: string[], input: string): Promise<CallResult[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          return reject(
            new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`),
          );
        try {
          resolve(JSON.parse(stdout) as CallResult[]);
        } catch {
          reject(
            new Error(
              `${command} printed no JSON: ${stdout.slice(0, 500)} ${stderr.slice(0, 500)}`,
            ),
          );
        }
      },
    );
    child.stdin!.end(input);
  });
}

const HERE = import.meta.dirname;

export const phpClient: InteropClient = {
  name: 'PHP SoapClient',
  ...(spawnSync('php', ['-r', 'exit(class_exists("SoapClient") ? 0 : 1);']).status === 0
    ? {}
    : {
        missing:
          'php-cli and php-soap are not installed: apt-get install -y php-cli php-soap php-xml (.ci/run does)',
      }),
  run: (baseUrl, service, calls, sendToBaseUrl) =>
    spawnDriver(
      'php',
      [
        join(HERE, 'php-client.php'),
        wsdlUrl(baseUrl, service),
        ...endpointArgs(baseUrl, service, sendToBaseUrl),
      ],
      JSON.stringify(calls),
    ),
};

export const zeepClient: InteropClient = {
  name: 'Python zeep',
  ...(existsSync('/usr/bin/python3') &&
  spawnSync('/usr/bin/python3', ['-c', 'import zeep']).status === 0
    ? {}
    : { missing: 'python3-zeep is not installed: apt-get install -y python3-zeep (.ci/run does)' }),
  run: (baseUrl, service, calls, sendToBaseUrl) =>
    spawnDriver(
      '/usr/bin/python3',
      [
        join(HERE, 'zeep_client.py'),
        wsdlUrl(baseUrl, service),
        ...endpointArgs(baseUrl, service, sendToBaseUrl),
      ],
      JSON.stringify(calls),
    ),
};
