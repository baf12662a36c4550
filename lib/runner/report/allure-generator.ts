/**
 * The script that runs `allure generate`. Allure's own cli.js loads every command it has (agent,
 * jira, slack, a web server...) from hundreds of module files, more CPU before it starts than the
 * generation of a whole run's report. When esbuild is at hand (a checkout:
 * vite's and tsx's), the generate command alone is bundled once into one file, kept under
 * node_modules/.cache and keyed by allure's version and place; it writes the same report. Without
 * esbuild (the installed package) or if the bundle cannot be made, allure's cli.js runs as before.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bump when the bundle's recipe below changes: older bundles are then made anew. */
const RECIPE = 2;

/** The bundle's first argument when it is to read its arguments on stdin (a JSON array). */
export const ARGS_ON_STDIN = '--args-on-stdin';

/** The plugins a report of ours loads (the config's `awesome`, and `agent`, which Allure adds). */
const PLUGINS = ['@allurereport/plugin-awesome', '@allurereport/plugin-agent'];

export interface AllureGenerator {
  /** Run as `node <script> generate ...`. */
  script: string;
  /** The bundle, which can also be started ahead with ARGS_ON_STDIN; else allure's cli.js. */
  bundled: boolean;
}

export async function allureGenerator(): Promise<AllureGenerator> {
  const allureDir = allurePackageDir();
  const cli = { script: join(allureDir, 'cli.js'), bundled: false };
  const esbuild = resolveEsbuild();
  if (esbuild === undefined) return cli;
  const { version } = JSON.parse(await readFile(join(allureDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const place = createHash('sha256').update(allureDir).digest('hex').slice(0, 12);
  const bundle = join(
    dirname(allureDir),
    '.cache',
    'soap-rest-conformance',
    `allure-generate-${version}-r${RECIPE}-${place}.mjs`,
  );
  if (existsSync(bundle)) return { script: bundle, bundled: true };
  if (existsSync(`${bundle}.failed`)) return cli;
  try {
    await makeBundle(esbuild, allureDir, bundle);
    return { script: bundle, bundled: true };
  } catch (error) {
    // Not retried each run: the reason stays beside, for whoever wonders why the CLI is slower.
    await writeFile(`${bundle}.failed`, `${(error as Error).message}\n`).catch(() => undefined);
    return cli;
  }
}

/** allure's package exports no package.json; its cli.js sits at the package root. */
function allurePackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('allure'));
  while (basename(dir) !== 'allure' && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function resolveEsbuild(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('esbuild');
  } catch {
    return undefined;
  }
}

interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
  /** Ends esbuild's service process. */
  stop(): void | Promise<void>;
}

interface LoadArgs {
  path: string;
}

interface PluginBuild {
  onLoad(
    filter: { filter: RegExp },
    load: (args: LoadArgs) => Promise<{ contents: string; loader: 'js' }>,
  ): void;
}

async function makeBundle(esbuildPath: string, allureDir: string, bundle: string): Promise<void> {
  const esbuild = (await import(pathToFileURL(esbuildPath).href)) as Esbuild;
  // allure's own generate command under a command line that knows only it; the plugins imported
  // up front, so that they are part of the bundle (Allure imports them by name at run time).
  const entry = [
    `import { Cli } from 'clipanion';`,
    `import { GenerateCommand } from ${JSON.stringify(join(allureDir, 'dist/commands/generate.js'))};`,
    ...PLUGINS.map((p, i) => `import * as plugin${i} from ${JSON.stringify(p)};`),
    `globalThis.__bundledAllurePlugins = { ${PLUGINS.map((p, i) => `${JSON.stringify(p)}: plugin${i}`).join(', ')} };`,
    `const cli = new Cli({ binaryName: 'allure' });`,
    `cli.register(GenerateCommand);`,
    // Started ahead (allure-process.ts), it loads its modules, then waits for its arguments.
    `const ahead = process.argv[2] === ${JSON.stringify(ARGS_ON_STDIN)};`,
    `let input = '';`,
    `if (ahead) for await (const chunk of process.stdin) input += chunk;`,
    `if (ahead && input === '') process.exit(0);`,
    `const args = ahead ? JSON.parse(input) : process.argv.slice(2);`,
    `cli.run(args).then((code) => { process.exitCode = code; }, (error) => { console.error(error); process.exitCode = 1; });`,
  ].join('\n');
  const patched = { importWrapper: false };
  const partial = `${bundle}.${process.pid}.tmp`;
  await mkdir(dirname(bundle), { recursive: true });
  try {
    await esbuild.build({
      stdin: {
        contents: entry,
        resolveDir: allureDir,
        loader: 'js',
        sourcefile: 'allure-generate.mjs',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: partial,
      logLevel: 'silent',
      // The CommonJS modules inside an ES module bundle need a require.
      banner: {
        js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);`,
      },
      plugins: [
        {
          name: 'in-place',
          setup(build: PluginBuild) {
            build.onLoad({ filter: /\.[cm]?js$/ }, async ({ path }) => {
              // Each module keeps its own URL: Allure finds its web app's files beside its modules.
              let contents = (await readFile(path, 'utf8')).replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(path).href),
              );
              if (/[\\/]@allurereport[\\/]core[\\/]dist[\\/]utils[\\/]module\.js$/.test(path)) {
                const before = contents;
                contents = contents.replace(
                  'export const importWrapper = async (path) => {',
                  '$&\n    if (globalThis.__bundledAllurePlugins?.[path]) return globalThis.__bundledAllurePlugins[path];',
                );
                patched.importWrapper = contents !== before;
              }
              return { contents, loader: 'js' };
            });
          },
        },
      ],
    });
    if (!patched.importWrapper)
      throw new Error(`@allurereport/core's importWrapper has changed: not bundled`);
    await rename(partial, bundle);
  } finally {
    await esbuild.stop();
    await rm(partial, { force: true });
  }
}
