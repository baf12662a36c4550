/**
 * The first of the suites' setup files (lib/runner/cli/run-suites.ts): the harness's modules (lib/, spec/)
 * are evaluated afresh for each suite file, as when each file had a worker of its own. A worker
 * runs several files one after the other (isolate: false): what is shared between the files is the
 * packages (vitest, undici, fast-check…), loaded once, which is the point. So a module's state
 * (lib/kit/rest/artifact-routes.ts remembers a route for the rest of its file) is still one file's.
 */
import { vi } from 'vitest';

vi.resetModules();
