#!/usr/bin/env node
// Package bin: `npx soap-rest-reference-server --port N [options]`: the reference server compiled
// by `npm run build`.
await import('../dist/reference-server/main.js');
