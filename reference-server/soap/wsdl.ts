/**
 * The WSDL of §4.1/§4.2 at {base}/soap/project/?wsdl: the 14 operations with their parts in order,
 * the §2.1 types, rpc/encoded, soapAction {tns}#<op>, output part named <op>.
 */
import { SOAP_OPERATIONS } from '../../lib/soap/operations.ts';
import { escapeText, NS } from './encode.ts';
import { ARRAYS, STRUCTS, type Struct } from './soap-types.ts';

const BODY = (ns: string) =>
  `<soap:body use="encoded" namespace="${ns}" encodingStyle="${NS.enc}"/>`;

function struct(type: Struct): string {
  const elements = type.fields
    .map(([name, t]) => `<xsd:element name="${name}" type="${t}"/>`)
    .join('');
  return `<xsd:complexType name="${type.name}"><xsd:sequence>${elements}</xsd:sequence></xsd:complexType>`;
}

export function projectWsdl(baseUrl: string): string {
  const tns = escapeText(`${baseUrl}/soap/project`);
  const types = [
    ...STRUCTS.map(struct),
    ...ARRAYS.map(
      (a) =>
        `<xsd:complexType name="${a.name}"><xsd:complexContent><xsd:restriction base="SOAP-ENC:Array">` +
        `<xsd:attribute ref="SOAP-ENC:arrayType" wsdl:arrayType="tns:${a.item.name}[]"/></xsd:restriction></xsd:complexContent></xsd:complexType>`,
    ),
  ].join('\n');
  const messages = SOAP_OPERATIONS.map((op) => {
    const inputs = op.inputs
      .map(([name, type]) => `<part name="${name}" type="${type}"/>`)
      .join('');
    const output = op.output === null ? '' : `<part name="${op.name}" type="${op.output}"/>`;
    return `<message name="${op.name}Request">${inputs}</message>\n<message name="${op.name}Response">${output}</message>`;
  }).join('\n');
  const portOps = SOAP_OPERATIONS.map(
    (op) =>
      `<operation name="${op.name}"><input message="tns:${op.name}Request"/><output message="tns:${op.name}Response"/></operation>`,
  ).join('\n');
  const bindingOps = SOAP_OPERATIONS.map(
    (op) =>
      `<operation name="${op.name}"><soap:operation soapAction="${tns}#${op.name}" style="rpc"/>` +
      `<input>${BODY(tns)}</input><output>${BODY(tns)}</output></operation>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:SOAP-ENV="${NS.env}" xmlns:SOAP-ENC="${NS.enc}" xmlns:xsd="${NS.xsd}" xmlns:xsi="${NS.xsi}" xmlns:tns="${tns}" targetNamespace="${tns}">
<types><xsd:schema targetNamespace="${tns}"><xsd:import namespace="${NS.enc}"/><xsd:import namespace="http://schemas.xmlsoap.org/wsdl/"/>
${types}
</xsd:schema></types>
${messages}
<portType name="ProjectAPIPortType">
${portOps}
</portType>
<binding name="ProjectAPIBinding" type="tns:ProjectAPIPortType"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
${bindingOps}
</binding>
<service name="ProjectAPI"><port name="ProjectAPIPort" binding="tns:ProjectAPIBinding"><soap:address location="${tns}/"/></port></service>
</definitions>
`;
}

/** The core login WSDL at {base}/soap/?wsdl (tuleap-facts A.7): tns is the base URL itself. */
export function loginWsdl(baseUrl: string): string {
  const tns = escapeText(baseUrl);
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
${ops.map((o) => `<operation name="${o.name}"><soap:operation soapAction="${tns}#${o.name}" style="rpc"/><input>${BODY(tns)}</input><output>${BODY(tns)}</output></operation>`).join('\n')}
</binding>
<service name="CodendiAPI"><port name="CodendiAPIPort" binding="tns:CodendiAPIBinding"><soap:address location="${tns}/soap/"/></port></service>
</definitions>
`;
}
