#!/usr/bin/env node
// The benchmarks' server, compiled as production compiles the server (scripts/server-build-options.mjs): the
// production bundle first, as `npm start` builds it (its worker threads' entries are the ones the benchmarks'
// server starts), then bench/servers/real-server.ts into apps/server/dist/bench-real-server.js with the same
// settings. The benchmarks run it with plain node, as production runs dist/server.js: not through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildServerIfChanged } from '../scripts/server-build-inputs.mjs';
import { serverBuildOptions } from '../scripts/server-build-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = buildServerIfChanged(root, { stdio: 'inherit' });
if (production.status !== 0) process.exit(production.status ?? 1);
await build(serverBuildOptions(root, { 'bench-real-server': path.join(root, 'bench/servers/real-server.ts') }));
