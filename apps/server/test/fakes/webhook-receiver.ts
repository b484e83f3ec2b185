import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

/** Our webhook endpoint, reduced to keeping what it receives (raw bytes and headers, as the route sees them). */
export async function startReceiver(
  path: string,
): Promise<{ url: string; received: Delivery[]; close(): Promise<void> }> {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A processor's outgoing events: kept until delivered (a refused or failed delivery stays queued for a later
 * call), replayable by id, as real processors retry for days.
 */
export function eventQueue<E extends { id: string }>(deliver: (event: E) => Promise<number>) {
  const events: E[] = [];
  const pending: E[] = [];
  return {
    events,
    queue(event: E) {
      events.push(event);
      pending.push(event);
    },
    async deliverPending(): Promise<number> {
      let delivered = 0;
      for (const event of [...pending]) {
        const status = await deliver(event);
        if (status >= 200 && status < 300) {
          pending.splice(pending.indexOf(event), 1);
          delivered += 1;
        }
      }
      return delivered;
    },
    async replay(eventId: string): Promise<number> {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event);
    },
  };
}
