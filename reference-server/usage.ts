/** What `npm run reference-server -- --help` prints: its options, every planted fault, every variant. */
import { PLANTED_FAULTS } from './faults/index.ts';
import { VARIANTS } from './variants.ts';

export const USAGE =
  'usage: reference-server --port N [--host H] [--test-control] [--project-quota N] [--base-url URL] [--fault NAME …] [--variant NAME …]';

/** The usage line, the options, then each fault with the rule it breaks and each variant with its choice. */
export function helpText(): string {
  return [
    USAGE,
    '',
    '  --port N            port to listen on (default 0: an ephemeral one)',
    '  --host H            address to bind (default 127.0.0.1)',
    '  --test-control      serve POST /__conformance/clock and /__conformance/fail-next',
    '  --project-quota N   addProject calls allowed per hour, for the whole platform (default 10)',
    "  --base-url URL      the server's {base_url} (default: from each request's Host header)",
    '  --fault NAME        plant a fault: break one rule, which the suites must catch (repeatable)',
    '  --variant NAME      take another choice the specification allows (repeatable)',
    '  -h, --help          this text',
    '',
    `Planted faults (--fault NAME), ${PLANTED_FAULTS.length}:`,
    ...PLANTED_FAULTS.map((f) => `  ${f.name}: ${f.does}`),
    '',
    `Variants (--variant NAME), ${VARIANTS.length}:`,
    ...VARIANTS.map((v) => `  ${v.name}: ${v.chooses}`),
    '',
  ].join('\n');
}
