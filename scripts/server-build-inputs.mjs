// What the server's bundle is built from, hashed: `scripts/build-server.mjs --if-changed` (run by `npm start` and
// the browser tests' setup) builds nothing when apps/server/dist holds the build of exactly these inputs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildInputsHash } from './build-inputs.mjs';

/** The server, the workspace packages it bundles, the locked dependency versions and the build script. */
export const SERVER_BUILD_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/locales/src',
  'packages/locales/package.json',
  'packages/psychometrics/src',
  'packages/psychometrics/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/server-build-options.mjs',
];

/** Written beside the bundle once it is built: a failed build (which empties dist first) leaves none. */
export const SERVER_BUILD_STAMP = 'apps/server/dist/.build-inputs.sha256';

/** The hash of the inputs as they are now. */
export function serverBuildInputsHash(root) {
  return buildInputsHash(root, SERVER_BUILD_INPUTS);
}

/** Whether apps/server/dist holds the build of the inputs whose hash is `inputsHash` (the inputs as they are now). */
export function serverBuildIsCurrent(root, inputsHash = serverBuildInputsHash(root)) {
  const stamp = path.join(root, SERVER_BUILD_STAMP);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === inputsHash;
}

/**
 * `node scripts/build-server.mjs --if-changed` in its own process (esbuild is a development dependency, loaded
 * only there), as `npm start`, `operator:create` and the browser tests' setup run it; spawnSync's result.
 */
export function buildServerIfChanged(root, options = {}) {
  return spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-changed'], {
    cwd: root,
    ...options,
  });
}
