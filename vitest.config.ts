import { defineConfig } from 'vitest/config';

// One runner for every package; each workspace keeps its own project config.
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
