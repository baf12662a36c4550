#!/usr/bin/env node
// Package bin: `npx soap-rest-conformance run [options]`: the CLI compiled by `npm run build`.
import { existsSync } from 'node:fs';

const main = new URL('../dist/lib/runner/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  // A checkout of the repository (the package has dist/).
  process.stderr.write('conformance: dist/ is missing: run `npm run build` first\n');
  process.exit(2);
}
await import(main.href);
