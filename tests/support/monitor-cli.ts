/** `conformance monitor` as a child process: its address once ready, what it printed, its end. */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, ROOT, childEnv } from './cli.ts';

export interface MonitorCli {
  child: ChildProcess;
  /** 'http://127.0.0.1:PORT', from its ready line. */
  url: string;
  stdout(): string;
  ended: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

const READY = /^monitoring (http:\/\/\S+) → /m;

/** Starts the monitor and resolves once it printed its ready line (or rejects with its output). */
export function startMonitorCli(args: string[], readyWithinMs = 30_000): Promise<MonitorCli> {
  const child = spawn(process.execPath, [...CLI, 'monitor', ...args], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`monitor not ready within ${readyWithinMs} ms:\n${stdout}\n${stderr}`));
    }, readyWithinMs);
    const check = () => {
      const ready = READY.exec(stdout);
      if (!ready) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve({ child, url: ready[1]!, stdout: () => stdout, ended });
    };
    child.stdout.on('data', check);
    void ended.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`monitor ended (exit ${code}) before it was ready:\n${stdout}\n${stderr}`));
    });
  });
}
