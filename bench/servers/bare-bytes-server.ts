import fs from 'node:fs';
import Fastify from 'fastify';

/** A bare Fastify route returning fixed bytes read from a file (too large for a command-line argument). */
const [, , route = '/', file = ''] = process.argv;
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.get(route, (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
