/**
 * `conformance analyze FILE.har [--report-dir DIR] [--side server|client|both]`: judges a HAR 1.2
 * recording with the traffic rules of the chosen sides and writes the usual reports. The file is
 * streamed: memory holds one entry. Times that tie to the HAR's millisecond are ordered as the
 * file lists the entries (file-order.ts). A malformed or truncated file stops the reading with one
 * line giving the position (exit 2); what came before is judged and reported, and the report says
 * where it stopped.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FULL_CATALOGUE, sideOf, type Side } from '../../requirements/index.ts';
import { exchangeOfEntry } from '../../traffic/har/entry.ts';
import { FileOrder } from '../../traffic/har/file-order.ts';
import { HarReadError, harEntries } from '../../traffic/har/stream.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import { TRAFFIC_RULES } from '../../traffic/rules/index.ts';
import { UsageError } from './args.ts';
import { renderTrafficClosing } from '../traffic/closing.ts';
import { commandThatRan } from '../traffic/command-line.ts';
import { runOfTraffic } from '../traffic/run-of-traffic.ts';
import { writeTrafficReports } from '../traffic/write.ts';

export async function analyze(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'report-dir': { type: 'string' },
        side: { type: 'string', default: 'both' },
        verbose: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`analyze: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError('analyze: give one HAR file');
  const file = resolve(positionals[0]!);
  if (!existsSync(file) || !statSync(file).isFile())
    throw new UsageError(`analyze: no such file ${positionals[0]}`);
  const sides = parseSides(values.side, 'analyze');
  const reportDir = resolve(values['report-dir'] ?? 'reports/latest');
  const startedAt = new Date();
  const judge = new TrafficJudge(TRAFFIC_RULES, includeSides(sides));
  let stoppedAt: string | undefined;
  const order = new FileOrder();
  try {
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    for await (const { index, entry } of harEntries(stream)) {
      const exchange = exchangeOfEntry(entry, index);
      if ('problem' in exchange) judge.unjudgeable(index, exchange.problem);
      else judge.observe(order.place(exchange));
    }
  } catch (error) {
    if (!(error instanceof HarReadError)) throw error;
    stoppedAt = `${error.message}, after ${error.entriesRead} entries`;
    process.stderr.write(`conformance: ${positionals[0]}: ${stoppedAt}\n`);
  }
  judge.end();
  const run = runOfTraffic(
    {
      mode: 'analyze',
      source: positionals[0]!,
      sides,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      command: commandThatRan(),
      ...(stoppedAt === undefined ? {} : { stoppedAt }),
    },
    judge.outcome(),
  );
  const written = await writeTrafficReports(reportDir, run);
  process.stdout.write(renderTrafficClosing(written, reportDir, values.verbose));
  return written.exitCode;
}

export function parseSides(value: string | undefined, command: string): Side[] {
  if (value === 'both' || value === undefined) return ['server', 'client'];
  if (value === 'server' || value === 'client') return [value];
  throw new UsageError(`${command}: --side is server, client or both (got '${value}')`);
}

export function includeSides(sides: readonly Side[]): (id: string) => boolean {
  const ids = new Set(FULL_CATALOGUE.filter((r) => sides.includes(sideOf(r))).map((r) => r.id));
  return (id) => ids.has(id);
}
