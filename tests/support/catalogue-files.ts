/** Where a catalogue row is written, for the messages that tell a contributor which file to edit. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

const TABLES = 'spec/requirements/tables';

/** The table file whose text holds the id as a key (a §7.1 pair has none: isFaultPairId). */
export function rowFile(id: string): string {
  const file = readdirSync(join(ROOT, TABLES)).find((name) =>
    readFileSync(join(ROOT, TABLES, name), 'utf8').includes(`'${id}':`),
  );
  return file === undefined ? `${TABLES}/` : `${TABLES}/${file}`;
}
