/**
 * The addProject quota across runs (§8: a number of projects per hour, platform-wide). The target
 * does not say how much of it is left, so the harness keeps a small ledger per target of the
 * creations its runs made and when: before a run it can tell whether the run fits, and when it
 * will. The file is JSON under the user's cache directory (docs/running-against-a-target.md, "The addProject quota across runs"):
 * `$SOAP_REST_CONFORMANCE_LEDGER`, else `$XDG_CACHE_HOME/soap-rest-conformance/quota-ledger.json`,
 * else `~/.cache/soap-rest-conformance/quota-ledger.json`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const QUOTA_WINDOW_MS = 3600_000;

export interface LedgerEntry {
  /** When the calls were made (ISO 8601). */
  at: string;
  /** addProject calls that the platform counts against its quota. */
  count: number;
  /** The run that made them (its tag, or 'prepare'). */
  run: string;
}

type LedgerFile = Record<string, LedgerEntry[]>;

export function ledgerPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SOAP_REST_CONFORMANCE_LEDGER) return env.SOAP_REST_CONFORMANCE_LEDGER;
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'soap-rest-conformance', 'quota-ledger.json');
}

/** The key of a target: its URL without a trailing slash, so that one server is one entry. */
export function targetKey(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export interface Budget {
  quota: number;
  /** Calls the ledger counts in the last hour. */
  used: number;
  left: number;
  /** When `needed` calls fit: now, at a time the ledger's entries leave the window, or never. */
  fitsAt(needed: number): Date | 'now' | 'never';
}

/** The budget left at `now` given the ledger's entries for one target. */
export function budgetOf(entries: readonly LedgerEntry[], quota: number, now: Date): Budget {
  const recent = entries
    .filter((e) => now.getTime() - Date.parse(e.at) < QUOTA_WINDOW_MS)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const used = recent.reduce((sum, e) => sum + e.count, 0);
  return {
    quota,
    used,
    left: Math.max(0, quota - used),
    fitsAt(needed) {
      if (needed > quota) return 'never';
      if (quota - used >= needed) return 'now';
      let stillUsed = used;
      for (const entry of recent) {
        stillUsed -= entry.count;
        if (quota - stillUsed >= needed) return new Date(Date.parse(entry.at) + QUOTA_WINDOW_MS);
      }
      return 'never';
    },
  };
}

export class QuotaLedger {
  constructor(private readonly path: string = ledgerPath()) {}

  entries(baseUrl: string): LedgerEntry[] {
    return this.read()[targetKey(baseUrl)] ?? [];
  }

  budget(baseUrl: string, quota: number, now = new Date()): Budget {
    return budgetOf(this.entries(baseUrl), quota, now);
  }

  /** Adds the run's calls; entries older than the window are dropped for every target. */
  record(baseUrl: string, entry: LedgerEntry, now = new Date()): void {
    if (entry.count <= 0) return;
    const file = this.read();
    const key = targetKey(baseUrl);
    file[key] = [...(file[key] ?? []), entry];
    for (const [target, list] of Object.entries(file)) {
      const kept = list.filter((e) => now.getTime() - Date.parse(e.at) < QUOTA_WINDOW_MS);
      if (kept.length > 0) file[target] = kept;
      else delete file[target];
    }
    mkdirSync(dirname(this.path), { recursive: true });
    // Written aside and renamed: two runs ending together never leave a torn file.
    const aside = `${this.path}.${process.pid}.tmp`;
    writeFileSync(aside, `${JSON.stringify(file, null, 2)}\n`);
    renameSync(aside, this.path);
  }

  private read(): LedgerFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(text);
      return isLedgerFile(parsed) ? parsed : {};
    } catch {
      // A damaged ledger is forgotten rather than blocking every run; it is rewritten on the next record.
      return {};
    }
  }
}

function isLedgerFile(value: unknown): value is LedgerFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (list) =>
      Array.isArray(list) &&
      list.every(
        (e: Partial<LedgerEntry>) =>
          typeof e?.at === 'string' && typeof e.count === 'number' && typeof e.run === 'string',
      ),
  );
}
