#!/usr/bin/env node
// `npm run operator:create -- --email <address>`: runs the server's operator command as `npm start` runs the
// server: its build with plain node (under NODE_ENV=production the build `npm run build` made; otherwise built
// first when a source changed, `scripts/build-server.mjs --if-changed`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfChanged } from './server-build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/server/dist/server.js');
const args = ['operator:create', ...process.argv.slice(2)];
const production = process.env.NODE_ENV === 'production';
if (production && !fs.existsSync(built)) {
  console.error('Not built: apps/server/dist/server.js. Run `npm run build` first.');
  process.exit(1);
}
if (!production) {
  // The command's own output is what its caller reads (the sign-in link): the build's goes to stderr.
  const build = buildServerIfChanged(root, { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const res = spawnSync(process.execPath, ['--enable-source-maps', built, ...args], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
