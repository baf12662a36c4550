/** Request parts that attack a parser, shared by the reference server's and the monitor's tests. */

/** How deep the nested JSON arrays, objects and XML elements go. */
export const DEEP = 100_000;

/** A DOCTYPE whose entities expand 10^9-fold ("billion laughs"): &lol9; is the bomb. */
export const LAUGHS =
  `<!DOCTYPE lolz [<!ENTITY lol "lol">` +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
  ).join('') +
  `]>`;

/** `before`, four bytes that are no UTF-8, then `after`. */
export const invalidUtf8 = (before: string, after: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from(after)]);

/** A SOAP 1.1 envelope around `inner`, the body's content. */
export const envelope = (inner: string) =>
  `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>${inner}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
