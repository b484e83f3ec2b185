#!/usr/bin/env node
// `npm run operator:create -- --email <address>`: runs the server's operator command with the same
// environment as `npm start` (the built server under NODE_ENV=production, the TypeScript sources otherwise).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/server/dist/server.js');
const args = ['operator:create', ...process.argv.slice(2)];
const production = process.env.NODE_ENV === 'production';
if (production && !fs.existsSync(built)) {
  console.error('Not built: apps/server/dist/server.js. Run `npm run build` first.');
  process.exit(1);
}
const res = production
  ? spawnSync(process.execPath, [built, ...args], { cwd: root, stdio: 'inherit' })
  : spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
process.exit(res.status ?? 1);
