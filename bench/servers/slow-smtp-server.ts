import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { reportServing } from './report-serving';

/**
 * A local SMTP server that answers MAIL FROM, RCPT TO and the end of DATA after a delay (argument 1, ms;
 * default 50), like a provider far away; it accepts and discards every message. Reports its port to the bench.
 */
const delayMs = Number(process.argv[2] ?? 50);
let received = 0;
const later = (callback: () => void) => setTimeout(callback, delayMs);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 1000,
  onMailFrom: (_a, _s, callback) => later(callback),
  onRcptTo: (_a, _s, callback) => later(callback),
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      later(callback);
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  reportServing({ port: (server.server.address() as AddressInfo).port });
});
process.on('SIGTERM', () => {
  process.stderr.write(`slow SMTP server: ${received} messages\n`);
  server.close(() => process.exit(0));
});
