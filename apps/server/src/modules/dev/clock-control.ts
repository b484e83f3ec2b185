import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from '../../lib/background-job';
import { type Clock, OffsetClock } from '../../lib/clock';
import { clockControlRoutes } from './clock-control-routes';

/** Mounts the clock control when the server runs on a movable clock (CLOCK_CONTROL, tests only). */
export async function clockControl(
  app: FastifyInstance,
  clock: Clock,
  jobs: BackgroundJob[],
  mail: { kick: () => void },
): Promise<void> {
  if (!(clock instanceof OffsetClock)) return;
  app.log.warn('CLOCK_CONTROL is on: POST /dev/clock/advance moves this server’s time (tests only)');
  await app.register(async (scope) => clockControlRoutes(scope, clock, jobs, mail));
}
