/**
 * `npm run conformance --target URL` (without `--`): npm takes `--target` for its own config, sets
 * npm_config_target=true and passes only `URL` on. Such options are found in the environment npm
 * hands the script, so that the user is told to put `--` before the harness's options.
 */
import { RUN_OPTIONS } from './args.ts';

/** The harness's options that npm took for itself, as `--name`. */
export function optionsNpmTook(env: NodeJS.ProcessEnv): string[] {
  if (env['npm_lifecycle_event'] === undefined) return [];
  return Object.entries(RUN_OPTIONS)
    .filter(([, option]) => option.type === 'string')
    .map(([name]) => name)
    .filter((name) => env[`npm_config_${name.replaceAll('-', '_')}`] === 'true')
    .map((name) => `--${name}`);
}

export function npmTookMessage(options: readonly string[], event: string | undefined): string {
  return (
    `npm took ${options.join(', ')} for its own option${options.length > 1 ? 's' : ''}: ` +
    `put -- before the harness's options (npm run ${event ?? 'conformance'} -- ${options[0]} …)`
  );
}
