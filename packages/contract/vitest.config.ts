import { defineProject } from 'vitest/config';

export default defineProject({
  // Files share a worker's module graph (no module-level state here, no mocks, fake timers or stubbed globals):
  // importing once per worker instead of once per file took these four projects from 38 s to 27 s of CPU.
  test: { name: 'contract', include: ['src/**/*.test.ts'], testTimeout: 60_000, isolate: false },
});
