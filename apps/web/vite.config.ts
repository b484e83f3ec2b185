import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.MINDGAUGE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The prerender build (src/app/prerender.tsx, run by scripts/prerender.mjs after the client build) needs no public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    target: 'es2022',
    sourcemap: true,
    // Lets bench/test-flow.ts add up what each screen loads first.
    manifest: !isSsrBuild,
    // One chunk per locale and per route keeps the first load small.
    chunkSizeWarningLimit: 300,
    // React DOM in a chunk of its own: the prerendered page's boot module (scripts/prerender.mjs) evaluates
    // the entry's imports in stages, one task each, and React DOM was most of the entry chunk, so its
    // evaluation and the app's start with the hydration were one long task on a phone.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/api-pay', '/dev', '/healthz'].map((p) => [p, server])),
  },
}));
