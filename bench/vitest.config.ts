import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The bench's own tests (`npm run bench:test`): fast, and never timed.
export default defineConfig({
  test: {
    root: dirname(fileURLToPath(import.meta.url)),
    include: ['*.test.ts'],
  },
});
