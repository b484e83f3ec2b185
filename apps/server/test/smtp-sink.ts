import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A received message as a reader sees it: its decoded subject and the decoded bodies of its text and HTML
 * parts (quoted-printable or base64), so tests assert on the words, not on their transfer encoding.
 */
export function readMessage(raw: string): { subject: string; text: string; html: string } {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  let text = '';
  let html = '';
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const type = /Content-Type:\s*text\/(plain|html)/i.exec(head)?.[1]?.toLowerCase();
    if (!type) continue;
    const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    if (type === 'plain') text += decoded;
    else html += decoded;
  }
  return { subject, text, html };
}
