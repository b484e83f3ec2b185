import fs from 'node:fs';
import Fastify from 'fastify';
import { reportServing } from './report-serving';

/** A bare Fastify route returning fixed bytes read from a file (too large for a command-line argument). */
const [, , route = '/', file = '', encoding = ''] = process.argv;
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
// `encoding`: the bytes are already compressed that way (the real server's compressed answer, byte for byte).
app.get(route, (_req, reply) => {
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
reportServing({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
