import { defineConfig } from 'vitest/config';

// One runner for every package; each workspace keeps its own project config. Workers stay at Vitest's
// default (one less than the cores: one on a 2-core machine): with two, the PostgreSQL scheduler race test in
// subscriptions.test.ts went from 12 s to over its 30 s budget beside the PDF suite on a loaded machine.
export default defineConfig({
  test: {
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
