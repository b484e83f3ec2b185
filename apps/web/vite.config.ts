import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases.ts';

const server = process.env.MINDGAUGE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // React's Fast Refresh cannot re-render components running on Preact: it took each edit and showed nothing.
  // Without it, an edit in `npm run dev` reloads the page (Vite's own fallback), which always shows the change.
  plugins: [react({ refreshExclude: /./ })],
  // The components run on Preact's compat layer (decision 0043). The prerender bundles its dependencies too,
  // so that React Router and the hook libraries resolve `react` through the same aliases under Node.
  resolve: { alias: preactAliases },
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  // The prerender build (src/app/prerender.tsx, run by scripts/prerender.mjs after the client build) needs no public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    target: 'es2022',
    sourcemap: true,
    // Lets bench/test-flow.ts add up what each screen loads first.
    manifest: !isSsrBuild,
    // One chunk per locale and per route keeps the first load small.
    chunkSizeWarningLimit: 300,
    // The UI runtime in a chunk of its own: the prerendered page's boot module (scripts/prerender.mjs)
    // evaluates the entry's imports in stages, one task each (React DOM, before decision 0043, was most of the
    // entry chunk, and its evaluation with the hydration was one long task on a phone).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ }],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/api-pay', '/dev', '/healthz'].map((p) => [p, server])),
  },
}));
