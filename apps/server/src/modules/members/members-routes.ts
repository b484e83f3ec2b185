import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import type { Member, MembersService } from './members-service';

/** The members' calls: free tests need a signed-in account, the training also a plan or VIP. Thin. */
export function membersRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  members: MembersService,
  signedIn: (req: FastifyRequest, reply: FastifyReply) => Promise<Member | undefined>,
): void {
  async function member(req: FastifyRequest, reply: FastifyReply): Promise<Member> {
    const m = await signedIn(req, reply);
    if (!m) throw new AppError('NOT_SIGNED_IN');
    return m;
  }

  mountEndpoint(app, bases, endpoints.membersOverview, async ({ req, reply }) =>
    members.overview(await member(req, reply)),
  );
  mountEndpoint(app, bases, endpoints.practiceStart, async ({ req, reply, locale }) =>
    members.practiceStart(await member(req, reply), locale),
  );
  mountEndpoint(app, bases, endpoints.practiceAnswer, async ({ body, req, reply, locale }) =>
    members.practiceAnswer(await member(req, reply), body.attemptId, body.index, body.choice, locale),
  );
  mountEndpoint(app, bases, endpoints.memoryStart, async ({ req, reply }) =>
    members.memoryStart(await member(req, reply)),
  );
  mountEndpoint(app, bases, endpoints.memorySubmit, async ({ body, req, reply }) =>
    members.memorySubmit(await member(req, reply), body.attemptId, body.responses),
  );
  mountEndpoint(app, bases, endpoints.reactionSubmit, async ({ body, req, reply }) =>
    members.reactionSubmit(await member(req, reply), body.mode, body.trials),
  );
  mountEndpoint(app, bases, endpoints.trainingSet, async ({ query, req, reply, locale }) =>
    members.training(await member(req, reply), query.level, locale),
  );
  mountEndpoint(app, bases, endpoints.trainingAnswer, async ({ body, req, reply, locale }) =>
    members.trainingAnswer(await member(req, reply), body.level, body.index, body.choice, body.timeMs, locale),
  );
}
