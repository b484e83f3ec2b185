import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every package; each workspace keeps its own project config.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, which left a
    // core idle while the server suites waited on PostgreSQL, SMTP and the mail worker. The browser files
    // still run one after another (e2e/vitest.config.ts).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'packages/contract',
      'packages/locales',
      'packages/psychometrics',
      'apps/server',
      'apps/web',
      'e2e',
      'tools',
    ],
  },
});
