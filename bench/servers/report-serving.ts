import fs from 'node:fs';

/**
 * What a server script started by the bench's `serve` reports once it listens, on file descriptor 3 (the
 * bench's channel): its stdout is the server's log, written as in production.
 */
export function reportServing(info: { port: number; dbPath?: string }): void {
  fs.writeSync(3, `${JSON.stringify(info)}\n`);
}
