#!/usr/bin/env node
// Package bin: `npx soap-rest-conformance run [options]`. The CLI is TypeScript, loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../lib/cli/main.ts');
