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

/**
 * Idle worker threads by entry, kept when their pool closes for the next pool that needs one of the same kind.
 * Starting a thread from sources costs about 0.4 s of CPU (its module graph loaded again), and a process that
 * builds app after app (the server suites build hundreds, each with its own form drawer) started one per app.
 * A server builds one app and closes it as it stops. Kept threads are unref'd: they never keep a process alive.
 */
const idle = new Map<string, Set<Worker>>();
/** Threads kept per entry: beyond this a released thread is stopped. */
const IDLE_PER_ENTRY = 4;

const entryKey = (name: string, sourceUrl: string) => new URL(`./${name}`, sourceUrl).href;

/**
 * Removes what a pool listens to. Not removeAllListeners(): the Worker's own `newListener`/`removeListener`
 * listeners start its message port when a `message` listener is added, and without them the next pool would
 * never hear from the thread.
 */
function removePoolListeners(worker: Worker): void {
  for (const event of ['message', 'messageerror', 'error', 'exit', 'online']) worker.removeAllListeners(event);
}

/** A worker thread on the entry `name`: a kept idle one if any (see releaseWorker), else a new one. */
export function takeWorker(name: string, sourceUrl: string, distFromSource: string): Worker {
  const kept = idle.get(entryKey(name, sourceUrl));
  for (const worker of kept ?? []) {
    kept?.delete(worker);
    removePoolListeners(worker);
    return worker;
  }
  return startWorker(name, sourceUrl, distFromSource);
}

/**
 * Hands back a thread with no job in flight when its pool closes: its pool's listeners are removed and it is
 * kept for the next pool that takes one of its kind, or stopped when enough are kept. A kept thread that
 * fails or exits is forgotten.
 */
export async function releaseWorker(worker: Worker, name: string, sourceUrl: string): Promise<void> {
  removePoolListeners(worker);
  const key = entryKey(name, sourceUrl);
  const kept = idle.get(key) ?? new Set<Worker>();
  idle.set(key, kept);
  if (kept.size >= IDLE_PER_ENTRY) {
    await worker.terminate();
    return;
  }
  const forget = () => kept.delete(worker);
  worker.on('error', forget);
  worker.on('exit', forget);
  worker.unref();
  kept.add(worker);
}
