/**
 * Entry point: `conformance [run] [options]` (the default command), `conformance prepare …`,
 * `replay …`, `cleanup …`, `merge …`, `compare …`, `analyze …`, `monitor …`; see args.ts for the
 * options. Every expected problem is one line on stderr and exit 2. Each command is loaded when it
 * is asked for: `--help`, `merge`, `compare` and `replay` load neither vitest nor the reference
 * server.
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { HELP, parseRunArgs, UsageError } from './args.ts';
import { didYouMean } from '../../did-you-mean.ts';
import { npmTookMessage, optionsNpmTook } from './npm-swallowed.ts';
import { packageVersion } from './version.ts';

const COMMANDS = [
  'run',
  'prepare',
  'replay',
  'cleanup',
  'merge',
  'compare',
  'analyze',
  'monitor',
  'help',
];

async function main(argv: string[]): Promise<number> {
  const took = optionsNpmTook(process.env);
  if (took.length > 0)
    throw new UsageError(npmTookMessage(took, process.env['npm_lifecycle_event']));
  const [first, ...rest] = argv;
  // `run --help` is one of run's options (args.ts).
  const commandHelp = first !== 'run' && COMMANDS.includes(first ?? '') && rest.includes('--help');
  if (first === 'help' || commandHelp) {
    process.stdout.write(HELP);
    return 0;
  }
  switch (first) {
    case 'merge':
      return (await import('./merge.ts')).merge(rest);
    case 'compare':
      return (await import('./compare.ts')).compare(rest);
    case 'analyze':
      return (await import('./analyze.ts')).analyze(rest);
    case 'monitor':
      return (await import('./monitor.ts')).monitor(rest);
    case 'replay':
      return (await import('./replay.ts')).replay(rest);
    case 'cleanup':
      return (await import('./cleanup.ts')).cleanup(rest);
    case 'prepare':
      return (await import('./prepare.ts')).prepare(rest);
    case 'run':
      return runCommand(rest);
    default: {
      if (first === undefined || first.startsWith('-')) return runCommand(argv);
      const near = didYouMean(first, COMMANDS);
      throw new UsageError(
        `unknown command '${first}'${near ? `: did you mean ${near}?` : ''} (expected: ${COMMANDS.join(', ')})`,
      );
    }
  }
}

async function runCommand(argv: string[]): Promise<number> {
  const options = parseRunArgs(argv);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (options.version) {
    const pkg = packageVersion();
    process.stdout.write(`${pkg.name} ${pkg.version}\n`);
    return 0;
  }
  return (await import('./run.ts')).run(options, argv);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof OneLineError) {
    process.stderr.write(
      `conformance: ${error.message}${error instanceof UsageError ? ' (see --help)' : ''}\n`,
    );
  } else {
    process.stderr.write(
      `conformance: the run could not be done: ${(error as Error).stack ?? String(error)}\n`,
    );
  }
  process.exitCode = 2;
}
