import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

const require = createRequire(import.meta.url);
// Testing Library's ES build (its `main` is CommonJS, which would load react-dom itself): inlined, it renders
// through the same Preact aliases as the components, so the tests run what ships.
const testingLibrary = require.resolve('@testing-library/react').replace(/index\.js$/, '@testing-library/react.esm.js');

export default defineProject({
  resolve: { alias: [...preactAliases, { find: /^@testing-library\/react$/, replacement: testingLibrary }] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Files share a worker's modules: the inlined libraries below are evaluated once per worker instead of once
    // per file (33 s of CPU for this project, 5 s shared). test-setup.ts leaves the DOM, storage, timers and
    // globals as a fresh page has them after each file.
    isolate: false,
    setupFiles: ['./test-setup.ts'],
    // Every library that calls React's hooks goes through the aliases too (an external one would load React).
    server: {
      deps: {
        inline: [
          '@testing-library/react',
          'react-i18next',
          '@tanstack/react-query',
          'react-router',
          'zustand',
          'use-sync-external-store',
        ],
      },
    },
  },
});
