/**
 * Entry point: `conformance [run] [options]` (the default command), `conformance merge …`,
 * `conformance compare …`; see args.ts for the options. Every expected problem is one line on
 * stderr and exit 2.
 */
import { ProfileError } from '../target/profile.ts';
import { ExpectationsError } from '../results/expectations.ts';
import { MergeError } from '../results/merge.ts';
import { HELP, parseRunArgs, UsageError } from './args.ts';
import { didYouMean } from './did-you-mean.ts';
import { packageVersion } from './version.ts';
import { compare } from './compare.ts';
import { merge } from './merge.ts';
import { TargetUnreachable } from './preflight.ts';
import { AccountRefused } from './preflight-accounts.ts';
import { prepare } from './prepare.ts';
import { QuotaRefused } from '../target/quota-plan.ts';
import { replay } from './replay.ts';
import { run } from './run.ts';

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  switch (first) {
    case 'help':
      process.stdout.write(HELP);
      return 0;
    case 'merge':
    case 'compare':
      if (rest.includes('--help')) {
        process.stdout.write(HELP);
        return 0;
      }
      return first === 'merge' ? merge(rest) : compare(rest);
    case 'run':
      return runCommand(rest);
    case 'replay':
      if (rest.includes('--help')) {
        process.stdout.write(HELP);
        return 0;
      }
      return replay(rest);
    case 'prepare':
      if (rest.includes('--help')) {
        process.stdout.write(HELP);
        return 0;
      }
      return prepare(rest);
    default: {
      if (first === undefined || first.startsWith('-')) return runCommand(argv);
      const near = didYouMean(first, COMMANDS);
      throw new UsageError(
        `unknown command '${first}'${near ? `: did you mean ${near}?` : ''} (expected: ${COMMANDS.join(', ')})`,
      );
    }
  }
}

const COMMANDS = ['run', 'prepare', 'replay', 'merge', 'compare', 'help'];

function version(): string {
  const pkg = packageVersion();
  return `${pkg.name} ${pkg.version}\n`;
}

async function runCommand(argv: string[]): Promise<number> {
  const options = parseRunArgs(argv);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (options.version) {
    process.stdout.write(version());
    return 0;
  }
  return run(options, argv);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof ProfileError ||
    error instanceof ExpectationsError ||
    error instanceof MergeError ||
    error instanceof TargetUnreachable ||
    error instanceof QuotaRefused ||
    error instanceof AccountRefused
  ) {
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
