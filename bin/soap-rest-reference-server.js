#!/usr/bin/env node
// Package bin: `npx soap-rest-reference-server --port N [options]`: the reference server compiled
// by `npm run build`.
import { existsSync } from 'node:fs';

const main = new URL('../dist/reference-server/main.js', import.meta.url);
if (!existsSync(main)) {
  // A checkout of the repository (the package has dist/).
  process.stderr.write('reference-server: dist/ is missing: run `npm run build` first\n');
  process.exit(2);
}
await import(main.href);
