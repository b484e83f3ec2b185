import { backgroundJob } from '../../lib/background-job';
import type { Clock } from '../../lib/clock';
import { randomHex128 } from '../../lib/ids';
import type { RetentionRepository } from './retention-repository';

const DAY_MS = 86_400_000;
const JOB = 'retention';

/** One kind of data kept only as long as needed: returns how many rows it removed or rolled up. */
export interface RetentionStep {
  name: string;
  run(now: number): Promise<number>;
}

/**
 * The daily retention pass (decision 0026). Checked on an interval on every instance; once per UTC day one
 * instance claims the job's lease row (a guarded update; the lease lasts `leaseMs`, so a crashed holder's
 * day is taken over after it) and runs every step in order. Each step is idempotent: a step cut short is
 * finished by the next pass. The day is marked done only when every step succeeded.
 */
export function retentionJob(d: {
  repo: RetentionRepository;
  steps: RetentionStep[];
  clock: Clock;
  intervalMs: number;
  leaseMs: number;
  log?: { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
}) {
  const holder = randomHex128();
  async function pass(): Promise<number> {
    const now = d.clock.now();
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    if (!(await d.repo.claim(JOB, holder, now, now + d.leaseMs, day))) return 0;
    let done = 0;
    try {
      for (const step of d.steps) done += await step.run(now);
    } catch (err) {
      await d.repo.release(JOB, holder);
      throw err;
    }
    await d.repo.finish(JOB, holder, day);
    d.log?.info?.({ rows: done }, 'retention pass done');
    return done;
  }
  return backgroundJob('retention', pass, d.intervalMs, d.log);
}
export type RetentionJob = ReturnType<typeof retentionJob>;
