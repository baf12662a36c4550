/**
 * Allure's single-file report, gzipped inside: the awesome plugin (3.18) embeds its web app and
 * each of its data files (test results, attachments, tree, search index) base64-encoded,
 * uncompressed: a full run's is over the budget of a CI artefact (tests/report-size.test.ts). Allure has no option to compress them.
 * Here both become one gzip stream each, base64-encoded, that the page inflates with the
 * browser's DecompressionStream (Chromium 80, Firefox 113, Safari 16.4) and hands to the app as
 * Allure's own scripts would: the data into `window.allureReportData` (base64, as Allure's `d`
 * stores it) before `allureReportDataReady`, for which the app waits; the app as a script. Every
 * byte is kept. When the report does not have the expected shape (another Allure version), it is
 * left as it was: the size test then fails and says so.
 */
import { gzipSync } from 'node:zlib';

const APP = /<script {2,}src="data:text\/javascript;base64,([A-Za-z0-9+/=]+)"><\/script>/;
const DATA =
  /<script defer>\s*Promise\.allSettled\(\[((?:d\("[^"\\]*","[A-Za-z0-9+/=]*"\),?)*)\]\)\s*\.then\(function\(\)\{\s*window\.allureReportDataReady = true;\s*\}\)\s*<\/script>/;
const ENTRY = /d\("([^"\\]*)","([A-Za-z0-9+/=]*)"\)/g;

/** In the page: base64 → gzip → text; text (UTF-8) → base64; fills Allure's data, starts the app. */
const INFLATE = `<script>
      window.allurePacked = (function () {
        function inflate(b64) {
          var bin = atob(b64), bytes = new Uint8Array(bin.length);
          for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
          var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
          return new Response(stream).text();
        }
        function base64(text) {
          var bytes = new TextEncoder().encode(text), out = "";
          for (var i = 0; i < bytes.length; i += 24576)
            out += btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + 24576)));
          return out;
        }
        return { inflate: inflate, base64: base64 };
      })();
    </script>`;

export function packAllureSingleFile(html: string): string {
  const app = APP.exec(html);
  const data = DATA.exec(html);
  if (!app || !data) return html;
  const entries: Array<[string, string, 0 | 1]> = [];
  for (const [, name, value] of data[1]!.matchAll(ENTRY)) {
    const bytes = Buffer.from(value!, 'base64');
    const text = bytes.toString('utf8');
    // Text as text (it compresses), anything else as the base64 it was.
    entries.push(Buffer.from(text, 'utf8').equals(bytes) ? [name!, text, 0] : [name!, value!, 1]);
  }
  const packedData = gzip(JSON.stringify(entries));
  const appBytes = Buffer.from(app[1]!, 'base64');
  const appCode = appBytes.toString('utf8');
  if (!Buffer.from(appCode, 'utf8').equals(appBytes)) return html;
  const packedApp = gzip(appCode);
  const dataScript = `<script>
      window.allurePacked.inflate("${packedData}").then(function (json) {
        JSON.parse(json).forEach(function (e) {
          window.allureReportData[e[0]] = e[2] ? e[1] : window.allurePacked.base64(e[1]);
        });
        window.allureReportDataReady = true;
      });
    </script>`;
  const appScript = `<script>
      window.allurePacked.inflate("${packedApp}").then(function (code) {
        var script = document.createElement("script");
        script.src = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
        document.body.appendChild(script);
      });
    </script>`;
  // The app's script last: Allure's data script defines window.allureReportData before it.
  return html.replace(APP, () => INFLATE).replace(DATA, () => `${dataScript}\n${appScript}`);
}

function gzip(text: string): string {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).toString('base64');
}
