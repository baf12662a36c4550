// The plain-JS packages a run loads (vitest, HTTP, XML, JSON Schema, Allure), loaded before tsx's
// hooks are registered, so that their modules do not go through them: each module through the
// hooks is a round trip to their thread, a large share of a short run's CPU time. Then tsx's hooks,
// for the harness's TypeScript sources.
// Used by scripts/conformance-from-source.js and tests/support/cli-driver.js.

/** `runs`: the command will run suites (vitest only otherwise). */
export async function loadBeforeTsx(runs) {
  await import('vitest/node');
  if (runs)
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
}
