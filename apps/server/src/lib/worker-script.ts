import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Set by scripts/build-server.mjs (esbuild `define`) in the production bundle, where each worker is its own
 * built file in apps/server/dist; absent when the server runs from its TypeScript sources (tsx, Vitest).
 */
declare const __MINDGAUGE_BUNDLE__: boolean | undefined;

/**
 * Starts a worker thread on the entry `name` next to its caller. In the production bundle the entry is
 * `dist/<name>.js`, built beside server.js and run by plain node (`distFromSource` leads there from the
 * caller's source file, which the build keeps as its import.meta.url, decision 0021). From sources
 * (development, tests) it is `<name>.ts`, loaded after registering tsx's loader in the thread: Node 20 does
 * not apply an `--import` loader to a worker's own entry, and Vitest's transform does not reach workers.
 */
export function startWorker(name: string, sourceUrl: string, distFromSource: string): Worker {
  const bundled = typeof __MINDGAUGE_BUNDLE__ !== 'undefined' && __MINDGAUGE_BUNDLE__;
  if (bundled) return new Worker(new URL(`${distFromSource}/${name}.js`, sourceUrl));
  const tsx = pathToFileURL(
    createRequire(sourceUrl)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(`./${name}.ts`, sourceUrl).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(boot, { eval: true });
}
