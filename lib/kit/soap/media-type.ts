/**
 * §4.1 "SOAP over HTTP": the SOAP 1.1 HTTP binding (SOAP 1.1 §6) sends every message as text/xml.
 * The media type is read as RFC 9110 §8.3.1 has it: type and subtype case-insensitive, parameters
 * (a charset) allowed, white space around them ignored.
 */
export const SOAP_MEDIA_TYPE = 'text/xml';

/** What is wrong with an answer's Content-Type for SOAP 1.1, or undefined when it is text/xml. */
export function soapMediaTypeProblem(contentType: string | undefined): string | undefined {
  if (contentType === undefined || contentType.trim() === '') return 'no Content-Type header';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === SOAP_MEDIA_TYPE) return undefined;
  return `Content-Type '${contentType}', not ${SOAP_MEDIA_TYPE}`;
}
