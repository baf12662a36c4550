#!/usr/bin/env node
// Package bin: `npx soap-rest-conformance run [options]`: the CLI compiled by `npm run build`; in a
// checkout of the repository (no dist/, `npm ci` only), the CLI from its TypeScript sources, as
// `npm run conformance` runs it.
import { existsSync } from 'node:fs';

const main = new URL('../dist/lib/runner/cli/main.js', import.meta.url);
const fromSource = new URL('../scripts/conformance-from-source.js', import.meta.url);
if (existsSync(main)) await import(main.href);
else if (existsSync(fromSource)) await import(fromSource.href);
else {
  process.stderr.write('conformance: dist/ is missing: run `npm run build` first\n');
  process.exit(2);
}
