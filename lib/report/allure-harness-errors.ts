/**
 * The run's harness errors in Allure: one broken result per collapsed entry, named with its count,
 * under a suite of their own, so that a problem of the run is seen where the tests are.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeHarnessError, type HarnessErrorEntry } from '../results/harness-errors.ts';

export async function writeAllureHarnessErrors(
  resultsDir: string,
  entries: readonly HarnessErrorEntry[],
  at: number,
): Promise<void> {
  await Promise.all(
    entries.map((entry, i) => {
      const uuid = randomUUID();
      const name = `harness error${entry.count > 1 ? ` (×${entry.count})` : ''}: ${entry.message.split('\n')[0]!.slice(0, 120)}`;
      const result = {
        uuid,
        historyId: `harness-error-${i}`,
        name,
        fullName: `harness errors#${i}`,
        status: 'broken',
        statusDetails: { message: describeHarnessError(entry) },
        stage: 'finished',
        start: at,
        stop: at,
        labels: [
          { name: 'suite', value: 'harness errors' },
          { name: 'epic', value: 'harness errors' },
        ],
        steps: [],
        attachments: [],
        parameters: [],
      };
      return writeFile(join(resultsDir, `${uuid}-result.json`), JSON.stringify(result));
    }),
  );
}
