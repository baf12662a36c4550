/** `npm run reference-server -- --port N [--host H] [--test-control] [--project-quota N] [--base-url URL]` */
import { parseArgs } from 'node:util';
import { PLANTED_FAULTS } from './faults/index.ts';
import { startReferenceServer } from './listen.ts';
import { helpText, USAGE } from './usage.ts';
import { VARIANTS } from './variants.ts';

function fail(message: string): never {
  process.stderr.write(`reference-server: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseFlags() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        'test-control': { type: 'boolean', default: false },
        'project-quota': { type: 'string', default: '10' },
        'base-url': { type: 'string' },
        fault: { type: 'string', multiple: true, default: [] },
        variant: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(helpText());
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port: not a port: ${values.port}`);
  const projectQuota = Number(values['project-quota']);
  if (!Number.isInteger(projectQuota) || projectQuota < 0) {
    fail(`--project-quota: not a non-negative integer: ${values['project-quota']}`);
  }
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) fail(`--base-url: not a URL: ${baseUrl}`);
  const unknown = values.fault.filter((name) => !PLANTED_FAULTS.some((f) => f.name === name));
  if (unknown.length > 0)
    fail(
      `--fault: unknown ${unknown.join(', ')}; known: ${PLANTED_FAULTS.map((f) => f.name).join(', ')}`,
    );
  const unknownVariants = values.variant.filter((name) => !VARIANTS.some((v) => v.name === name));
  if (unknownVariants.length > 0)
    fail(
      `--variant: unknown ${unknownVariants.join(', ')}; known: ${VARIANTS.map((v) => v.name).join(', ')}`,
    );
  return {
    port,
    faults: values.fault,
    variants: values.variant,
    host: values.host,
    testControl: values['test-control'],
    projectQuota,
    ...(baseUrl === undefined ? {} : { baseUrl: baseUrl.replace(/\/+$/, '') }),
  };
}

const server = await startReferenceServer(parseFlags()).catch((error: Error) =>
  fail(`cannot listen: ${error.message}`),
);
process.stdout.write(`listening on ${server.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
