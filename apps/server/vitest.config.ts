import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module graph: each file builds its own app on its own database (nothing global
    // but caches of derived data such as the PDF fonts), and importing Fastify, Kysely, pdfkit and the
    // contract once per worker instead of once per file was about a third of the suite's time.
    isolate: false,
  },
});
