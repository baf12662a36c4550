/**
 * The WSDL of §4.1/§4.2 at {base}/soap/project/?wsdl: the 14 operations with their parts in order,
 * the §2.1 types, rpc/encoded, soapAction {tns}#<op>, output part named <op>. A WsdlStyle writes the
 * same document with another stack's prefixes (variant soap-namespace-prefixes).
 */
import { SOAP_OPERATIONS } from '../../spec/soap-operations.ts';
import { NS } from './encode.ts';
import { escapeText } from '../xml.ts';
import { ARRAYS, STRUCTS, type Struct } from './soap-types.ts';

export interface WsdlStyle {
  /** Prefix of the WSDL elements; '' puts them in the default namespace. */
  wsdl: string;
  soap: string;
  xsd: string;
  enc: string;
  /** Prefix of the target namespace in messages, port type and binding. */
  tns: string;
  /** Prefix of the target namespace inside the schema, declared on the schema element itself. */
  schemaTns: string;
}

export const NUSOAP_STYLE: WsdlStyle = {
  wsdl: '',
  soap: 'soap',
  xsd: 'xsd',
  enc: 'SOAP-ENC',
  tns: 'tns',
  schemaTns: 'tns',
};

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
const q = (prefix: string, local: string) => (prefix === '' ? local : `${prefix}:${local}`);

export interface ProjectWsdlOptions {
  /** The target namespace (default {base}/soap/project). */
  namespace?: string;
  /** The soap:address/@location (default {base}/soap/project/). */
  location?: string;
  style?: WsdlStyle;
}

/** Documents already written, by what they are written from (once per base URL). */
const WRITTEN = new Map<string, string>();
/** A base URL follows the request's Host header: the memory is bounded. */
const MAX_WRITTEN = 64;

function once(key: string, write: () => string): string {
  let document = WRITTEN.get(key);
  if (document === undefined) {
    if (WRITTEN.size >= MAX_WRITTEN) WRITTEN.clear();
    document = write();
    WRITTEN.set(key, document);
  }
  return document;
}

export function projectWsdl(baseUrl: string, options: ProjectWsdlOptions = {}): string {
  const key = JSON.stringify([
    'project',
    baseUrl,
    options.namespace,
    options.location,
    options.style,
  ]);
  return once(key, () => writeProjectWsdl(baseUrl, options));
}

function writeProjectWsdl(baseUrl: string, options: ProjectWsdlOptions): string {
  const st = options.style ?? NUSOAP_STYLE;
  const tns = escapeText(options.namespace ?? `${baseUrl}/soap/project`);
  const location = escapeText(options.location ?? `${baseUrl}/soap/project/`);
  const w = (local: string) => q(st.wsdl, local);
  const x = (local: string) => q(st.xsd, local);
  /** A type name of spec/soap-operations.ts ('xsd:int', 'tns:UserInfo') with this style's prefixes. */
  const typeRef = (type: string, tnsPrefix: string) => {
    const [prefix, local] = type.split(':') as [string, string];
    return q(prefix === 'xsd' ? st.xsd : tnsPrefix, local);
  };
  const body = `<${st.soap}:body use="encoded" namespace="${tns}" encodingStyle="${NS.enc}"/>`;
  const struct = (type: Struct) =>
    `<${x('complexType')} name="${type.name}"><${x('sequence')}>` +
    type.fields
      .map(([name, t]) => `<${x('element')} name="${name}" type="${typeRef(t, st.schemaTns)}"/>`)
      .join('') +
    `</${x('sequence')}></${x('complexType')}>`;
  const types = [
    ...STRUCTS.map(struct),
    ...ARRAYS.map(
      (a) =>
        `<${x('complexType')} name="${a.name}"><${x('complexContent')}><${x('restriction')} base="${st.enc}:Array">` +
        `<${x('attribute')} ref="${st.enc}:arrayType" ${q('wsdl', 'arrayType')}="${st.schemaTns}:${a.item.name}[]"/>` +
        `</${x('restriction')}></${x('complexContent')}></${x('complexType')}>`,
    ),
  ].join('\n');
  const messages = SOAP_OPERATIONS.map((op) => {
    const inputs = op.inputs
      .map(([name, type]) => `<${w('part')} name="${name}" type="${typeRef(type, st.tns)}"/>`)
      .join('');
    const output =
      op.output === null
        ? ''
        : `<${w('part')} name="${op.name}" type="${typeRef(op.output, st.tns)}"/>`;
    return (
      `<${w('message')} name="${op.name}Request">${inputs}</${w('message')}>\n` +
      `<${w('message')} name="${op.name}Response">${output}</${w('message')}>`
    );
  }).join('\n');
  const portOps = SOAP_OPERATIONS.map(
    (op) =>
      `<${w('operation')} name="${op.name}"><${w('input')} message="${st.tns}:${op.name}Request"/>` +
      `<${w('output')} message="${st.tns}:${op.name}Response"/></${w('operation')}>`,
  ).join('\n');
  const bindingOps = SOAP_OPERATIONS.map(
    (op) =>
      `<${w('operation')} name="${op.name}"><${st.soap}:operation soapAction="${tns}#${op.name}" style="rpc"/>` +
      `<${w('input')}>${body}</${w('input')}><${w('output')}>${body}</${w('output')}></${w('operation')}>`,
  ).join('\n');
  const schemaDeclarations =
    st.schemaTns === st.tns
      ? ''
      : ` xmlns:${st.schemaTns}="${tns}" xmlns:${st.xsd}="${NS.xsd}" xmlns:${st.enc}="${NS.enc}"`;
  const rootDeclarations =
    (st.wsdl === '' ? ` xmlns="${WSDL_NS}"` : '') +
    ` xmlns:wsdl="${WSDL_NS}" xmlns:${st.soap}="http://schemas.xmlsoap.org/wsdl/soap/"` +
    (st.schemaTns === st.tns
      ? ` xmlns:SOAP-ENV="${NS.env}" xmlns:${st.enc}="${NS.enc}" xmlns:${st.xsd}="${NS.xsd}" xmlns:xsi="${NS.xsi}"`
      : ` xmlns:${st.xsd}="${NS.xsd}"`) +
    ` xmlns:${st.tns}="${tns}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${w('definitions')}${rootDeclarations} targetNamespace="${tns}">
<${w('types')}><${x('schema')}${schemaDeclarations} targetNamespace="${tns}"><${x('import')} namespace="${NS.enc}"/><${x('import')} namespace="${WSDL_NS}"/>
${types}
</${x('schema')}></${w('types')}>
${messages}
<${w('portType')} name="ProjectAPIPortType">
${portOps}
</${w('portType')}>
<${w('binding')} name="ProjectAPIBinding" type="${st.tns}:ProjectAPIPortType"><${st.soap}:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
${bindingOps}
</${w('binding')}>
<${w('service')} name="ProjectAPI"><${w('port')} name="ProjectAPIPort" binding="${st.tns}:ProjectAPIBinding"><${st.soap}:address location="${location}"/></${w('port')}></${w('service')}>
</${w('definitions')}>
`;
}

/**
 * The core login WSDL at {base}/soap/?wsdl (docs/real-system.md, "The core login service"): tns is
 * the base URL itself.
 */
export function loginWsdl(baseUrl: string): string {
  return once(JSON.stringify(['login', baseUrl]), () => writeLoginWsdl(baseUrl));
}

function writeLoginWsdl(baseUrl: string): string {
  const tns = escapeText(baseUrl);
  const body = `<soap:body use="encoded" namespace="${tns}" encodingStyle="${NS.enc}"/>`;
  const op = (name: string, inputs: string[][], output: string | null) => ({
    name,
    inputs,
    output,
  });
  const ops = [
    op(
      'login',
      [
        ['loginname', 'xsd:string'],
        ['passwd', 'xsd:string'],
      ],
      'tns:Session',
    ),
    op('logout', [['sessionKey', 'xsd:string']], null),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:SOAP-ENC="${NS.enc}" xmlns:xsd="${NS.xsd}" xmlns:tns="${tns}" targetNamespace="${tns}">
<types><xsd:schema targetNamespace="${tns}"><xsd:complexType name="Session"><xsd:all><xsd:element name="user_id" type="xsd:int"/><xsd:element name="session_hash" type="xsd:string"/></xsd:all></xsd:complexType></xsd:schema></types>
${ops
  .map(
    (o) =>
      `<message name="${o.name}Request">${o.inputs.map(([n, t]) => `<part name="${n}" type="${t}"/>`).join('')}</message>` +
      `<message name="${o.name}Response">${o.output === null ? '' : `<part name="return" type="${o.output}"/>`}</message>`,
  )
  .join('\n')}
<portType name="CodendiAPIPortType">${ops.map((o) => `<operation name="${o.name}"><input message="tns:${o.name}Request"/><output message="tns:${o.name}Response"/></operation>`).join('')}</portType>
<binding name="CodendiAPIBinding" type="tns:CodendiAPIPortType"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
${ops.map((o) => `<operation name="${o.name}"><soap:operation soapAction="${tns}#${o.name}" style="rpc"/><input>${body}</input><output>${body}</output></operation>`).join('\n')}
</binding>
<service name="CodendiAPI"><port name="CodendiAPIPort" binding="tns:CodendiAPIBinding"><soap:address location="${tns}/soap/"/></port></service>
</definitions>
`;
}
