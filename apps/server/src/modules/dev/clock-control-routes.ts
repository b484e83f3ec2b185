import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from '../../lib/background-job';
import type { OffsetClock } from '../../lib/clock';

/**
 * Tests only (CLOCK_CONTROL=1, refused in production): the browser tests move the server's time past a
 * trial's reminder and end, then let the due jobs run at once instead of waiting for their interval.
 */
export function clockControlRoutes(
  app: FastifyInstance,
  clock: OffsetClock,
  jobs: BackgroundJob[],
  mail: { kick: () => void },
): void {
  app.post<{ Body: { ms?: unknown } }>('/dev/clock/advance', async (req, reply) => {
    const ms = Number(req.body?.ms);
    if (!Number.isInteger(ms) || ms < 0 || ms > 366 * 86_400_000) {
      return reply.code(400).send({ result: 40001, message: 'ms: a whole number of milliseconds, up to a year' });
    }
    clock.advance(ms);
    // A job that is behind by several periods does one step per pass: run passes until nothing is due.
    for (const job of jobs) for (let i = 0; i < 60 && (await job.runOnce()) > 0; i++);
    mail.kick();
    return reply.send({ result: 200, data: { now: new Date(clock.now()).toISOString() } });
  });
}
