/** Allure's single-file report, gzipped inside: every data file and the app kept, byte for byte. */
import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { packAllureSingleFile } from './allure-pack.ts';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const APP = 'console.log("app: é")';
const FILES: Array<[string, string | Buffer]> = [
  ['widgets/tree.json', '{"root":{"groups":["§1 What the service does"]}}'],
  ['data/attachments/abc.txt', 'POST /api/tokens\n\nHTTP/1.1 201 Created ✓'],
  ['data/attachments/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])],
];

/** The shape of allure 3.18's awesome single file, read as latin1 as allure.ts reads it. */
function singleFile(): string {
  const data = FILES.map(([name, content]) => `d("${name}","${b64(content)}")`).join(',');
  return Buffer.from(
    `<html><body><script>\n      window.allure = window.allure || {};\n    </script>\n` +
      `<script   src="data:text/javascript;base64,${b64(APP)}"></script>\n` +
      `<script async>\n      window.allureReportData = window.allureReportData || {};\n    </script>\n` +
      `<script defer>\n      Promise.allSettled([${data}])\n        .then(function(){\n          window.allureReportDataReady = true;\n        })\n    </script>\n</body></html>\n`,
    'utf8',
  ).toString('latin1');
}

function inflated(html: string, what: string): string {
  const packed = new RegExp(
    `allurePacked\\.inflate\\("([A-Za-z0-9+/=]+)"\\)\\.then\\(function \\(${what}\\)`,
  ).exec(html);
  expect(packed).not.toBeNull();
  return gunzipSync(Buffer.from(packed![1]!, 'base64')).toString('utf8');
}

test('the app and each data file, gzipped, whole; binary data as its base64', () => {
  const packed = packAllureSingleFile(singleFile());
  expect(packed).not.toContain('data:text/javascript;base64');
  expect(packed).not.toContain('Promise.allSettled');
  expect(inflated(packed, 'code')).toBe(APP);
  const entries = JSON.parse(inflated(packed, 'json')) as Array<[string, string, 0 | 1]>;
  expect(
    entries.map(([name, value, raw]) => [name, raw ? Buffer.from(value, 'base64') : value]),
  ).toEqual(FILES.map(([name, content]) => [name, content]));
  // The page's own scripts in order: the inflater, Allure's data store, the data, then the app.
  const order = [
    'window.allurePacked = ',
    'window.allureReportData = ',
    '(function (json)',
    '(function (code)',
  ];
  const at = order.map((s) => packed.indexOf(s));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
});

test('a report of another shape is left as it was', () => {
  const other = singleFile().replace('Promise.allSettled', 'Promise.all');
  expect(packAllureSingleFile(other)).toBe(other);
});
