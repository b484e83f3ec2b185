import { describe, expect, it } from 'vitest';
import { backgroundJob } from './background-job';

/** A job whose passes are counted, each held open until `release()` is called. */
function countedJob() {
  let passes = 0;
  let release: () => void = () => {};
  const job = backgroundJob(
    'counted',
    () =>
      new Promise<number>((resolve) => {
        passes++;
        release = () => resolve(1);
      }),
    60_000,
  );
  return { job, passes: () => passes, release: () => release() };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('backgroundJob', () => {
  it('does not run by itself before it is started: a kick there is ignored, runOnce still runs a pass', async () => {
    const c = countedJob();
    c.job.kick();
    await turn();
    expect(c.passes()).toBe(0);
    const once = c.job.runOnce();
    c.release();
    expect(await once).toBe(1);
    expect(c.passes()).toBe(1);
  });

  it('once started, a kick runs a pass now, and a kick during a pass runs one more after it, never two at once', async () => {
    const c = countedJob();
    c.job.start();
    c.job.kick();
    await turn();
    expect(c.passes()).toBe(1);
    c.job.kick();
    c.job.kick();
    await turn();
    expect(c.passes()).toBe(1);
    c.release();
    await turn();
    await turn();
    expect(c.passes()).toBe(2);
    c.release();
    await c.job.stop();
    c.job.kick();
    await turn();
    expect(c.passes()).toBe(2);
  });
});
