import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two lanes: two files at once, each with its own browser and its own server (support/lane.ts). A
    // browser test mostly waits (for the page, the server, a countdown or a reaction signal), so two share
    // the cores well; the tests inside a file stay in order.
    // E2E_LANES=1 runs the files one after another (a machine whose cores are busy with other work).
    maxWorkers: Math.max(1, Number(process.env.E2E_LANES ?? 2) || 2),
    // A lane's worker runs its files one after another in one process: playwright-core, axe-core and the
    // helpers are imported once per lane, not once per file, and the lane's files share one Chromium (each
    // test opens contexts of its own, closed when it ends: support/browser.ts).
    isolate: false,
    // After the other projects when run from the root (`npx vitest run`): a group of its own, as a project
    // whose maxWorkers differs from the root's must be. `npm test` runs this project in a process of its
    // own beside the others (scripts/test.mjs).
    sequence: { groupOrder: 1 },
  },
});
