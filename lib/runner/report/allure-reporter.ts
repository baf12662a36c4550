/**
 * allure-vitest's reporter, writing its results without allure-js-commons' fsync: its writer
 * flushes each of a full run's hundreds of result and attachment files to disk, through a
 * temporary file, on the main thread at the end of the suites.
 * The files go into the run's staging directory, which is read at once (allure-statuses.ts,
 * allure.ts) and swapped in whole (atomic-dir.ts): a crash loses the report either way.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { Vitest } from 'vitest/node';

export class AllureReporter extends AllureVitestReporter {
  constructor(private readonly resultsDir: string) {
    super({ resultsDir, reportMatchers: false });
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // allure-vitest gives its runtime a FileSystemWriter and takes no other.
    const runtime = (this as unknown as { allureReporterRuntime: { writer: Writer } })
      .allureReporterRuntime;
    runtime.writer = new StagedWriter(this.resultsDir);
  }
}

/** The files of allure-js-commons' FileSystemWriter, the same names and contents, not flushed. */
class StagedWriter implements Writer {
  constructor(private readonly dir: string) {}

  writeResult(result: { uuid: string }): void {
    this.write(`${result.uuid}-result.json`, JSON.stringify(result));
  }
  writeGroup(result: { uuid: string }): void {
    this.write(`${result.uuid}-container.json`, JSON.stringify(result));
  }
  writeAttachment(name: string, content: Buffer): void {
    this.write(name, content);
  }
  writeAttachmentFromPath(name: string, from: string): void {
    copyFileSync(from, this.path(name));
  }
  writeEnvironmentInfo(info: Record<string, string | undefined>): void {
    this.write('environment.properties', stringifyEnvInfo(info));
  }
  writeCategoriesDefinitions(categories: unknown[]): void {
    this.write('categories.json', JSON.stringify(categories));
  }
  writeGlobals(name: string, info: unknown): void {
    this.write(name, JSON.stringify(info));
  }

  private write(name: string, data: string | Buffer): void {
    writeFileSync(this.path(name), data);
  }
  private path(name: string): string {
    mkdirSync(this.dir, { recursive: true });
    return join(this.dir, name);
  }
}
