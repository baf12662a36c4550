/**
 * Text for the XML the harness sends (SOAP envelopes, REST XML bodies): the wire side's one
 * escaper. The report has its own (lib/report/html-template.ts), so a change to either cannot
 * change what the other writes.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;')
      // Characters XML 1.0 cannot carry at all: sent as their code, visibly not the value.
      .replace(
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
  );
}
