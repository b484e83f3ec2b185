#!/usr/bin/env node
// Compiles the server (decision 0021): one ESM bundle, apps/server/dist/server.js, run by plain `node` in
// production, by `npm start` and by the browser tests. The workspace packages (contract, locales, psychometrics) are TypeScript and are bundled in;
// every package from apps/server's `dependencies` stays external, loaded from node_modules at run time (native
// addons such as better-sqlite3 cannot be bundled, and `npm ci --omit=dev` installs exactly those).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUILD_STAMP, serverBuildInputsHash, serverBuildIsCurrent } from './server-build-inputs.mjs';
import { serverBuildOptions, serverOutdir, serverRuntimePackages } from './server-build-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outdir = serverOutdir(root);
const runtime = serverRuntimePackages(root);

// `--if-changed` (`npm start`, the browser tests' setup): nothing is built when dist holds the build of the
// inputs as they are now, so a server already running from dist keeps the worker files its threads load.
const builtServer = path.join(outdir, 'server.js');
const inputsHash = serverBuildInputsHash(root);
if (process.argv.includes('--if-changed') && serverBuildIsCurrent(root, inputsHash)) {
  console.info('server build: up to date, reused (apps/server/dist/server.js)');
  process.exit(0);
}

fs.rmSync(outdir, { recursive: true, force: true });
// The server, and each worker thread's entry as its own file (lib/worker-script.ts finds them here).
const result = await build(
  serverBuildOptions(root, {
    server: path.join(serverDir, 'src/server.ts'),
    'pdf-render-worker': path.join(serverDir, 'src/modules/pdf/pdf-render-worker.ts'),
    'form-draw-worker': path.join(serverDir, 'src/modules/exam/form-draw-worker.ts'),
  }),
);
fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

// Anything imported at run time must be a Node built-in or one of the server's own dependencies: a package
// that only the development install has would fail after `npm ci --omit=dev`.
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const strays = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const imp of output.imports)
    if (imp.external && !builtins.has(imp.path) && !runtime.includes(packageOf(imp.path))) strays.add(imp.path);
if (strays.size) {
  console.error(`The server imports packages missing from apps/server dependencies: ${[...strays].join(', ')}`);
  process.exit(1);
}
fs.writeFileSync(path.join(root, SERVER_BUILD_STAMP), `${inputsHash}\n`);
const size = fs.statSync(builtServer).size;
console.info(`server built: apps/server/dist/server.js (${(size / 1024).toFixed(0)} KiB)`);
