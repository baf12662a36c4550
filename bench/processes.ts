/**
 * The CPU and RSS of the servers under test, each a child process of its own
 * (tests/support/cli.ts startServerProcess), so that they are theirs alone (the load generator runs
 * in the bench process), and how much of the machine other processes used.
 */
import { readFileSync } from 'node:fs';

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

/** This process's own fields of /proc/self/stat after the command name (field 3 first). */
function selfStat(): number[] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

/** This process's CPU time and that of its children that have ended, in ms. */
function ownCpuMs(): number {
  const f = selfStat();
  // utime, stime, cutime, cstime (fields 14 to 17)
  return (f[11]! + f[12]! + f[13]! + f[14]!) * 10;
}

/**
 * The CPU time of this process's children that have ended and been waited for (cutime + cstime,
 * as getrusage(RUSAGE_CHILDREN)), in ms: around one child's run, that child's own CPU.
 */
export function childrenCpuMs(): number {
  const f = selfStat();
  return (f[13]! + f[14]!) * 10;
}
