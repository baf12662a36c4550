/** The reports of a traffic judgement, written like a run's (new directory swapped in at the end). */
import type { Judged, TrafficRun } from '../../run-result.ts';
import { stagingDir, swapIn } from '../report/atomic-dir.ts';
import { writeReports } from '../report/write.ts';

export async function writeTrafficReports(
  reportDir: string,
  run: Judged<TrafficRun>,
): Promise<Judged<TrafficRun>> {
  const staging = await stagingDir(reportDir);
  const written = await writeReports(staging, run);
  await swapIn(staging, reportDir);
  return written;
}
