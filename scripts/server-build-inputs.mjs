// What the server's bundle is built from, hashed: `scripts/build-server.mjs --if-changed` (run by `npm start` and
// the browser tests' setup) builds nothing when apps/server/dist holds the build of exactly these inputs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
];

/** Written beside the bundle once it is built: a failed build (which empties dist first) leaves none. */
export const SERVER_BUILD_STAMP = 'apps/server/dist/.build-inputs.sha256';

function listFiles(root, rel) {
  const full = path.join(root, rel);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [rel];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(rel, f))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** A hash of every input's path and bytes in a stable order (contents, not dates: a restored old file counts). */
export function serverBuildInputsHash(root) {
  const hash = createHash('sha256');
  for (const file of SERVER_BUILD_INPUTS.flatMap((rel) => listFiles(root, rel)).sort()) {
    hash
      .update(`${file.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether apps/server/dist holds the build of the inputs as they are now. */
export function serverBuildIsCurrent(root) {
  const stamp = path.join(root, SERVER_BUILD_STAMP);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === serverBuildInputsHash(root);
}
