import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { releaseWorker, takeWorker } from '../src/lib/worker-script';

/** The fixture's folder: takeWorker finds `<name>.ts` beside this URL. */
const here = new URL('./fixtures/', import.meta.url).href;
const ask = (worker: Worker, value: number) =>
  new Promise<{ threadId: number; value: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(value);
  });

describe('worker threads kept between pools', () => {
  it('a thread released idle serves the next pool that takes one of its kind, and answers it', async () => {
    const first = takeWorker('echo-worker', here, '.');
    const { threadId } = await ask(first, 1);
    await releaseWorker(first, 'echo-worker', here);
    const again = takeWorker('echo-worker', here, '.');
    expect(again.threadId).toBe(threadId);
    // The next pool's listener hears it (the thread's port still starts when a message listener is added).
    expect(await ask(again, 2)).toEqual({ threadId, value: 2 });
    // Taken, it is no longer kept: the next one is a new thread.
    const other = takeWorker('echo-worker', here, '.');
    expect(other.threadId).not.toBe(threadId);
    await Promise.all([again.terminate(), other.terminate()]);
  });

  it('keeps at most four of a kind: the fifth released is stopped', async () => {
    const workers = Array.from({ length: 5 }, () => takeWorker('echo-worker', here, '.'));
    await Promise.all(workers.map((w, i) => ask(w, i)));
    const ids = workers.map((w) => w.threadId);
    for (const w of workers) await releaseWorker(w, 'echo-worker', here);
    // The fifth has stopped (a thread that has exited has the id -1); the four kept still run.
    expect(workers.map((w) => w.threadId)).toEqual([...ids.slice(0, 4), -1]);
    const taken = Array.from({ length: 5 }, () => takeWorker('echo-worker', here, '.'));
    // Four come back from the kept ones; the fifth taken is new.
    expect(
      taken
        .slice(0, 4)
        .map((w) => w.threadId)
        .sort(),
    ).toEqual(ids.slice(0, 4).sort());
    expect(ids).not.toContain(taken[4]?.threadId);
    await Promise.all(taken.map((w) => w.terminate()));
  });

  it('forgets a kept thread that exits', async () => {
    const w = takeWorker('echo-worker', here, '.');
    await ask(w, 1);
    await releaseWorker(w, 'echo-worker', here);
    await w.terminate();
    const next = takeWorker('echo-worker', here, '.');
    expect(next.threadId).not.toBe(w.threadId);
    expect((await ask(next, 3)).value).toBe(3);
    await next.terminate();
  });
});
