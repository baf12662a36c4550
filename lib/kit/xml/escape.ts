/**
 * Text for markup: the XML the harness sends (SOAP envelopes, REST XML bodies) and the report's
 * HTML and JUnit XML (lib/runner/report/html-template.ts), content and attribute values alike.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;')
      // Characters XML 1.0 cannot carry at all: written as their code, visibly not the value.
      .replace(
        // eslint-disable-next-line no-control-regex -- the control characters are what it escapes
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
  );
}
