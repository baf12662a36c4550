#!/usr/bin/env node
// Package bin: `npx soap-rest-conformance run [options]`: the CLI compiled by `npm run build`.
await import('../dist/lib/cli/main.js');
