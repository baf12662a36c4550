// `npm run conformance` and the project's own tests: the CLI from its TypeScript sources, the
// plain-JS packages loaded first (scripts/load-before-tsx.js). The package's bin runs the compiled
// CLI and needs neither.
import { loadBeforeTsx } from './load-before-tsx.js';

const [command] = process.argv.slice(2);
await loadBeforeTsx(command === undefined || command === 'run' || command.startsWith('-'));
await import('../lib/runner/cli/main.ts');
