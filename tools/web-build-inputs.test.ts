import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuildInputsHash } from '../e2e/support/web-build';

// The browser tests reuse apps/web/dist when this hash matches the one stamped at its build: a change the
// hash missed would let them test a stale bundle.
describe('the web build inputs hash', () => {
  it('changes with any input file, a new input file or the kind of build, and with nothing else', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mindgauge-inputs-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
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
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
