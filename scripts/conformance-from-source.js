// `npm run conformance` and the project's own tests: the CLI from its TypeScript sources.
// vitest (hundreds of modules, plain JS) is loaded before tsx's hooks are registered, so it does
// not go through them: 1.3 s of CPU less per run (measured: a one-suite run 4.0 -> 2.7 s CPU). So are the other plain-JS packages a run loads (HTTP, XML, JSON Schema, Allure): each
// module through the hooks is a round trip to their thread, about 0.1 s of CPU a run. The package's
// bin runs the compiled CLI and needs neither.
await import('vitest/node');
const [command] = process.argv.slice(2);
if (command === undefined || command === 'run' || command.startsWith('-'))
  for (const name of [
    'undici',
    'fast-xml-parser',
    'ajv',
    'ajv-formats',
    'allure-js-commons',
    'allure-js-commons/sdk/reporter',
    'allure-vitest/reporter',
  ])
    await import(name);
const { register } = await import('tsx/esm/api');
register();
await import('../lib/runner/cli/main.ts');
