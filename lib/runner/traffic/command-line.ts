/**
 * The command that started `monitor` or `analyze`, as the reports print it: from process.argv,
 * not rebuilt from the usual way of starting the CLI. `npm run conformance -- monitor …` when npm
 * started it (its script runs this very file), `npx soap-rest-conformance monitor …` when npx ran
 * the package's bin, else the program and script that ran (`node scripts/….js monitor …`).
 */
import { basename, isAbsolute, relative } from 'node:path';
import { shellQuote } from '../../kit/clients/reproduce.ts';

export function commandThatRan(
  argv: readonly string[] = process.argv,
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): string {
  const [program = 'node', script = '', ...args] = argv;
  const words = args.map(shellWord);
  const file = basename(script);
  const event = env['npm_lifecycle_event'];
  if (
    env['npm_command'] === 'run-script' &&
    event !== undefined &&
    file !== '' &&
    (env['npm_lifecycle_script'] ?? '').includes(file)
  )
    return ['npm', 'run', event, '--', ...words].join(' ');
  if (env['npm_command'] === 'exec' && /^soap-rest-conformance(\.js)?$/.test(file))
    return ['npx', 'soap-rest-conformance', ...words].join(' ');
  const shown = (path: string) => {
    if (!isAbsolute(path)) return path;
    const inside = relative(cwd, path);
    return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
  };
  const node = basename(program) === 'node' ? 'node' : program;
  return [node, ...(script === '' ? [] : [shellWord(shown(script))]), ...words].join(' ');
}

/** A word as a shell reads it back: quoted only when it must be. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : shellQuote(word);
}
