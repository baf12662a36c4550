// `npm run conformance` and the project's own tests: the CLI from its TypeScript sources.
// vitest (hundreds of modules, plain JS) is loaded before tsx's hooks are registered, so it does
// not go through them: 1.3 s of CPU less per run (measured: a one-suite run 4.0 -> 2.7 s CPU,
// issue 16). The package's bin runs the compiled CLI and needs neither.
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
await import('../lib/cli/main.ts');
