// A build's inputs, hashed: a build is reused only when the stamp written beside it holds the hash of exactly
// these files' paths and bytes (contents, not dates: a restored old file counts). The web build
// (e2e/support/web-build.ts) and the server's (scripts/server-build-inputs.mjs) both stamp theirs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The files under each input (a file or a folder, relative to root); a missing input has none. */
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

/** A hash of `salt` (what else decides the build, such as its NODE_ENV), then every input file in a stable order. */
export function buildInputsHash(root, inputs, salt = '') {
  const hash = createHash('sha256').update(salt);
  for (const file of inputs.flatMap((rel) => listFiles(root, rel)).sort()) {
    hash
      .update(`${file.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}
