/**
 * The planted faults of the SOAP wire and WSDL (reference-server/faults.ts), applied to what the
 * endpoint would otherwise send. Kept apart so that encode.ts and wsdl.ts stay the correct forms.
 */
import type { Faults } from '../faults.ts';

export function plantedAnswer(faults: Faults, xml: string): string {
  let out = xml;
  if (faults.on('soap-no-xsi-type')) out = out.replace(/ xsi:type="[^"]*"/g, '');
  if (faults.on('soap-arrays-without-array-type'))
    out = out.replace(/ SOAP-ENC:arrayType="[^"]*"/g, '');
  return out;
}

/** A fault's HTTP status and faultcode/faultstring as the planted faults would send them. */
export function plantedFault(
  faults: Faults,
  fault: { status: number; code: string; message: string },
): { status: number; code: string; message: string } {
  const numeric = /^\d+$/.test(fault.code);
  return {
    status: faults.on('soap-fault-http-200') ? 200 : fault.status,
    ...(numeric && faults.on('soap-faultcode-qualified')
      ? { code: 'SOAP-ENV:Server', message: `${fault.code}: ${fault.message}` }
      : { code: fault.code, message: fault.message }),
  };
}

/** soap-action-unquoted-refused: true when the header was sent without its quotes. */
export function plantedSoapActionRefused(faults: Faults, rawHeader: string): boolean {
  return (
    faults.on('soap-action-unquoted-refused') && rawHeader !== '' && !rawHeader.startsWith('"')
  );
}

export function plantedWsdl(faults: Faults, wsdl: string): string {
  let out = wsdl;
  if (faults.on('soap-wsdl-document-style'))
    out = out.replaceAll('style="rpc"', 'style="document"');
  if (faults.on('soap-wsdl-literal-use')) out = out.replaceAll('use="encoded"', 'use="literal"');
  if (faults.on('soap-wsdl-bare-soap-action'))
    out = out.replace(/soapAction="[^"#]*#/g, 'soapAction="');
  if (faults.on('soap-wsdl-session-key-int'))
    out = out.replaceAll(
      '<part name="sessionKey" type="xsd:string"/>',
      '<part name="sessionKey" type="xsd:int"/>',
    );
  if (faults.on('soap-wsdl-parts-swapped'))
    out = out.replace(
      /(<message name="addProjectMemberRequest">)(<part [^>]*\/>)(<part [^>]*\/>)(<part [^>]*\/>)/,
      '$1$2$4$3',
    );
  return out;
}
