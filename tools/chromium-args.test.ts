import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../e2e/support/chromium';

const require = createRequire(import.meta.url);

/** The feature names in playwright-core's own `disabledFeatures` list, read from its installed code. */
function playwrightDisabledFeatures(): string[] {
  const lib = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib');
  const files = fs.readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  for (const file of files) {
    const text = fs.readFileSync(path.join(lib, file), 'utf8');
    const start = text.indexOf('disabledFeatures = [');
    if (start < 0) continue;
    const list = text.slice(start, text.indexOf(']', start));
    return [...list.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1] as string);
  }
  throw new Error('playwright-core no longer has a disabledFeatures list: check how it passes --disable-features');
}

// Chromium keeps only the last --disable-features; ours comes after Playwright's and must carry its list.
describe('the browser tests’ Chromium flags', () => {
  it('disable every feature playwright-core disables, in one --disable-features', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    const flags = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(flags).toHaveLength(1);
    const ours = (flags[0] as string).slice('--disable-features='.length).split(',');
    expect(theirs.filter((f) => !ours.includes(f))).toEqual([]);
    expect(ours).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });
});
