import Fastify from 'fastify';

/** A bare Fastify route returning fixed bytes: the ceiling the real endpoint is compared with. */
const body = process.argv[2] ?? '{}';
const app = Fastify({ logger: false });
app.get('/api/app/language/list/1799', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
