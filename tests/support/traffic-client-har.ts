/**
 * A HAR 1.2 recording read whole into traffic exchanges (the harness's own `--har` output, each
 * naming its test; `analyze` streams instead), with analyze's reading of an entry.
 */
import { readFileSync } from 'node:fs';
import type { TrafficExchange } from '../../lib/traffic/exchange.ts';
import { exchangeOfEntry } from '../../lib/traffic/har/entry.ts';

export interface RecordedExchange extends TrafficExchange {
  /** The test that made it (the HAR entry's comment). */
  test: string;
}

export function readHar(file: string): RecordedExchange[] {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: unknown[] } };
  return har.log.entries.map((entry, i) => {
    const exchange = exchangeOfEntry(entry, i + 1);
    if ('problem' in exchange) throw new Error(`${file}: ${exchange.problem}`);
    const comment = (entry as { comment?: unknown }).comment;
    return { ...exchange, test: typeof comment === 'string' ? comment : '' };
  });
}
