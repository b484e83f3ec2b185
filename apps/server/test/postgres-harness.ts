import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian and others put the server binaries; PATH first. */
function findBinary(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p)) return p;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const p = path.join(root, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningPostgres {
  url: string;
  stop(): void;
}

/**
 * Starts a throwaway PostgreSQL from the system's binaries: initdb + pg_ctl in a temp dir, on a loopback
 * port. PostgreSQL refuses to run as root, so as root it runs as the `postgres` (or `nobody`) user.
 * Returns undefined when the binaries are missing.
 */
export async function startPostgres(): Promise<RunningPostgres | undefined> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  if (!initdb || !pgCtl) return undefined;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? (spawnSync('id', ['postgres']).status === 0 ? 'postgres' : 'nobody') : undefined;
  if (user) execFileSync('chown', ['-R', user, dir]);
  fs.chmodSync(dir, 0o777);

  const run = (bin: string, args: string[]) =>
    user
      ? execFileSync('runuser', ['-u', user, '--', bin, ...args], { stdio: 'pipe', cwd: dir })
      : execFileSync(bin, args, { stdio: 'pipe', cwd: dir });

  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log.txt'), '-w', '-t', '60', 'start']);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
