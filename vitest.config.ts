import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every package; each workspace keeps its own project config. One worker per core: Vitest's
// default keeps a core for its main process, which here mostly waits, and left one of two cores idle (the
// unit and server suites took 274 s with one worker, 172 s with two).
export default defineConfig({
  test: {
    maxWorkers: os.availableParallelism(),
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
