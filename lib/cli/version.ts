/** The harness's name and version, from package.json. */
import { readFileSync } from 'node:fs';

export function packageVersion(): { name: string; version: string } {
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
}
