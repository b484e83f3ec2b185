import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { BasePaths } from '../../http/mount-endpoint';
import { getOrCreateSecret } from '../../lib/app-secrets';
import { backgroundJob } from '../../lib/background-job';
import { createTtlCache } from '../../lib/ttl-cache';
import { vipStatus } from '../extras/vip-status';
import { subscriptionAccess } from '../subscriptions/subscription-access';
import { ATTEMPT_TTL_MS } from './member-rules';
import { membersRepository } from './members-repository';
import { membersRoutes } from './members-routes';
import { type Member, membersService } from './members-service';
import { reportDimensions } from './report-dimensions';

/**
 * What members get (issue 18, decision 0031): three free tests for any signed-in account, the weekly training
 * for a running plan or VIP. Returns the report's hook for the memory and reaction dimensions.
 */
export async function membersModule(
  app: FastifyInstance,
  bases: BasePaths,
  deps: AppDeps,
  accounts: {
    signedIn: (req: FastifyRequest, reply: FastifyReply) => Promise<Member | undefined>;
    accountIdOf: (email: string) => Promise<string | undefined>;
    addExportSection: (name: string, section: (accountId: string) => Promise<unknown>) => void;
  },
) {
  const db = deps.db.kysely;
  const repo = membersRepository(db);
  const vip = vipStatus(db);
  const subs = subscriptionAccess(db);
  const service = membersService({
    db,
    limits: deps.limits,
    repo,
    clock: deps.clock,
    translator: deps.translator,
    trainingSecret: await getOrCreateSecret(db, 'training-sets', deps.clock.now()),
    // A set is about 10 generated puzzles; an attempt lasts minutes, a week's set is shared by everyone.
    sets: createTtlCache(deps.clock, 30 * 60_000, 500),
    vipUntil: async (email, now) => (await vip.active(email, now))?.until,
    subscription: (email, now) => subs.of(email, now),
  });
  await app.register(async (scope) => membersRoutes(scope, bases, service, accounts.signedIn));
  // Everything kept about a member goes into their account's data export (GDPR articles 15 and 20).
  accounts.addExportSection('members', service.exportData);

  const cleanup = backgroundJob(
    'members attempts cleanup',
    async () => Number((await repo.deleteStaleAttempts(deps.clock.now() - ATTEMPT_TTL_MS))[0]?.numDeletedRows ?? 0),
    3_600_000,
    app.log,
  );
  cleanup.start();
  app.addHook('onClose', () => cleanup.stop());

  return { service, reportDimensions: reportDimensions(service, deps.translator, accounts.accountIdOf) };
}
export type MembersModule = Awaited<ReturnType<typeof membersModule>>;
