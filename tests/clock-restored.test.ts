/**
 * A run against a long-lived `reference-server --test-control` restores the clock it moved
 * (docs/running-against-a-target.md, "Test control"): after the 24-hour token lifetime tests the
 * server's time is real time again, so an artifact changed after the run is not a day ahead.
 */
import { expect, test } from 'vitest';
import { startReferenceServer } from '../reference-server/listen.ts';
import { runCli } from './support/cli.ts';

test(
  'the clock the run moved (a day and more) is set back when the run ends',
  { timeout: 120_000 },
  async () => {
    const server = await startReferenceServer({ testControl: true });
    try {
      const run = await runCli(['--target', server.url, '--suite', 'rest/token-lifetime.clock']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(
        run.summary().tests.filter((t) => t.status === 'pass').length,
        'the clock tests ran',
      ).toBeGreaterThan(0);
      const ahead = (server.app.state.clock.now() - Date.now()) / 1000;
      expect(ahead, 'seconds the server clock is ahead of real time after the run').toBeLessThan(5);
    } finally {
      await server.close();
    }
  },
);
