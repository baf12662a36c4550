/**
 * Where the harness's own files are. From the sources (`npm run conformance`, tsx; the project's
 * tests) the modules are the .ts files of the repository; installed as a package, they
 * are the .js files `npm run build` compiled into dist/, one level below package.json.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** Running the compiled package (dist/), not the TypeScript sources. */
export const COMPILED = here.endsWith('.js');

/** The directory holding lib/, suites/ and reference-server/: the repository, or dist/. */
export const CODE_ROOT = resolve(dirname(here), '..');

/** The directory holding package.json. */
export const PACKAGE_ROOT = COMPILED ? resolve(CODE_ROOT, '..') : CODE_ROOT;

/** How the user runs the CLI, for the commands it prints: the package's bin, or the npm script. */
export const CLI_COMMAND = COMPILED ? 'npx soap-rest-conformance' : 'npm run conformance --';

/** The extension of the modules being run: '.ts' from the sources, '.js' compiled. */
export const MODULE_EXT = COMPILED ? '.js' : '.ts';

/** A module's file as it is run: 'lib/kit/suite-setup.ts' is 'lib/kit/suite-setup.js' in the package. */
export function runnable(file: string): string {
  return COMPILED ? file.replace(/\.ts$/, '.js') : file;
}

/**
 * A suite file as test ids, reports, --suite and expectations files name it: its source name
 * ('suites/rest/tokens.test.ts'), the same from the sources and from the package.
 */
export function sourceName(file: string): string {
  return file.replace(/\.test\.js$/, '.test.ts');
}
