#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed since the last build, then runs
// the server's build, which serves the API, the pay base, the built app and (with local mail) the dev mailbox
// on one port.
// With NODE_ENV=production it builds nothing: it runs what `npm run build` compiled, with plain node (this
// script and the helper it imports use only Node built-ins, so it works after `npm ci --omit=dev`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfChanged } from './server-build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const builtServer = path.join(root, 'apps/server/dist/server.js');

/** Runs the server in this process's place: signals go to it, and its exit code is ours. */
function runServer(command, args) {
  const server = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.env.NODE_ENV === 'production') {
  const missing = [builtServer, builtIndex].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    console.error(`Not built: ${missing.map((f) => path.relative(root, f)).join(', ')}. Run \`npm run build\` first.`);
    process.exit(1);
  }
  runServer(process.execPath, ['--enable-source-maps', builtServer]);
} else {
  startDevelopment();
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Build outputs (dist, and dist-ssr: the prerender step's bundle) are not sources.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function startDevelopment() {
  const sources = ['apps/web', 'packages/contract/src', 'packages/locales/src'].map((d) => path.join(root, d));
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (sources.some((d) => newestMtime(d) > builtAt)) {
    console.info('Building the web app…');
    // The production bundle whatever NODE_ENV the shell has (Vite builds what NODE_ENV names).
    const build = spawnSync('npm', ['run', 'build', '-w', '@mindgauge/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  // The server's bundle too, when its sources changed since it was built (about half a second): plain node
  // starts it with half the CPU that tsx took to load the sources, and its worker threads load their own files.
  const server = buildServerIfChanged(root, { stdio: 'inherit' });
  if (server.status !== 0) process.exit(server.status ?? 1);
  runServer(process.execPath, ['--enable-source-maps', builtServer]);
}
