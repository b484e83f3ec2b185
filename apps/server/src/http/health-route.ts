import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { ping } from '../db/ping';

/** `GET /healthz`: the process answers and so does its database (load balancers and `npm start` checks). */
export function healthRoute(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async (_req, reply) => {
    await ping(db.kysely);
    return reply.header('cache-control', 'no-store').send({ status: 'ok', dialect: db.dialect });
  });
}
