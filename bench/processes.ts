/**
 * Servers under test as child processes of their own, so that their CPU and RSS are theirs alone
 * (the load generator runs in the bench process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script> <args>` in `cwd` and waits for its `listening on URL` line. */
export async function startServerProcess(
  cwd: string,
  script: string,
  args: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
    child.once('error', reject);
  });
  return { url, pid: child.pid!, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The resident set size of a process, in KiB (Linux: VmRSS in /proc/<pid>/status). */
export function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, 100 ticks/s). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks * 10;
}

/**
 * How much of the machine other processes used while `during` ran: the machine's busy CPU time
 * (/proc/stat: user, nice, system, irq, softirq, steal) minus this process's, its ended children's
 * (waited for) and the CPU of the live processes `pids`, as a share of all cores over the wall time.
 * Near 0: a quiet machine; 0.5: other work took half of it.
 */
export async function othersShare<T>(
  pids: readonly number[],
  during: () => Promise<T>,
): Promise<{ result: T; othersShare: number }> {
  const cores = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1;
  const ours = () => ownCpuMs() + pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const [machine0, ours0, started] = [machineBusyMs(), ours(), performance.now()];
  const result = await during();
  const [machine1, ours1, wallMs] = [machineBusyMs(), ours(), performance.now() - started];
  const others = machine1 - machine0 - (ours1 - ours0);
  return { result, othersShare: Math.max(0, others / (wallMs * cores)) };
}

function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

/** This process's CPU time and that of its children that have ended, in ms. */
function ownCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime (fields 14 to 17)
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
}
