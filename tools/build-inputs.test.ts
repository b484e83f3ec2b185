import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildInputsHash } from '../e2e/support/web-build';
import {
  SERVER_BUILD_INPUTS,
  SERVER_BUILD_STAMP,
  serverBuildInputsHash,
  serverBuildIsCurrent,
} from '../scripts/server-build-inputs.mjs';

/** Runs `fn` on a throwaway folder (removed afterwards) with a `write` that creates a file and its folders. */
function inTempTree(fn: (root: string, write: (rel: string, text: string) => void) => void): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-inputs-'));
  try {
    fn(root, (rel, text) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

// The browser tests reuse apps/web/dist when this hash matches the one stamped at its build: a change the
// hash missed would let them test a stale bundle.
describe('the web build inputs hash', () => {
  it('changes with any input file, a new input file or the kind of build, and with nothing else', () => {
    inTempTree((root, write) => {
      write('apps/web/src/main.tsx', 'one');
      write('packages/contract/src/index.ts', 'api');
      write('apps/server/src/app.ts', 'not an input');
      const first = webBuildInputsHash(root, 'production');
      expect(webBuildInputsHash(root, 'production')).toBe(first);

      write('apps/server/src/app.ts', 'still not an input');
      expect(webBuildInputsHash(root, 'production')).toBe(first);
      expect(webBuildInputsHash(root, 'development')).not.toBe(first);

      write('apps/web/src/main.tsx', 'two');
      const edited = webBuildInputsHash(root, 'production');
      expect(edited).not.toBe(first);

      write('packages/locales/src/fr/common.json', '{}');
      expect(webBuildInputsHash(root, 'production')).not.toBe(edited);
    });
  });
});

// `npm start` and the browser tests reuse apps/server/dist when its stamp matches this hash: an input the hash
// missed would let them run a stale server.
describe('the server build inputs hash', () => {
  it('changes with any input file or a new one, not with other files; the build counts as current only with its stamp', () => {
    inTempTree((root, write) => {
      write('apps/server/src/app.ts', 'one');
      write('packages/psychometrics/src/index.ts', 'engine');
      write('apps/web/src/main.tsx', 'not an input');
      const first = serverBuildInputsHash(root);
      expect(serverBuildInputsHash(root)).toBe(first);

      write('apps/web/src/main.tsx', 'still not an input');
      expect(serverBuildInputsHash(root)).toBe(first);

      // No build yet, then a build stamped with the inputs' hash.
      expect(serverBuildIsCurrent(root)).toBe(false);
      write('apps/server/dist/server.js', 'bundle');
      write(SERVER_BUILD_STAMP, `${first}\n`);
      expect(serverBuildIsCurrent(root)).toBe(true);

      for (const [rel, text] of [
        ['apps/server/src/app.ts', 'two'],
        ['packages/contract/src/endpoints.ts', 'a new file'],
        ['packages/locales/src/ja/common.json', '{}'],
        ['package-lock.json', '{}'],
        ['scripts/build-server.mjs', 'changed'],
      ] as const) {
        const before = serverBuildInputsHash(root);
        write(rel, text);
        expect(serverBuildInputsHash(root), rel).not.toBe(before);
        expect(serverBuildIsCurrent(root), rel).toBe(false);
      }

      // A bundle without its stamp (a build that failed after emptying dist) is never reused.
      write(SERVER_BUILD_STAMP, `${serverBuildInputsHash(root)}\n`);
      expect(serverBuildIsCurrent(root)).toBe(true);
      fs.rmSync(path.join(root, SERVER_BUILD_STAMP));
      expect(serverBuildIsCurrent(root)).toBe(false);
    });
  });

  it('names paths that exist (a moved folder would never trigger a build again), the bundled packages among them', () => {
    const root = path.resolve(import.meta.dirname, '..');
    for (const rel of SERVER_BUILD_INPUTS) expect(fs.existsSync(path.join(root, rel)), rel).toBe(true);
    expect(SERVER_BUILD_INPUTS).toEqual(
      expect.arrayContaining([
        'apps/server/src',
        'packages/contract/src',
        'packages/locales/src',
        'packages/psychometrics/src',
        'package-lock.json',
      ]),
    );
  });
});
