import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A passive effect (`useEffect`) runs after the browser has painted, and on a slower runtime a frame later
 * (decision 0043). An effect that moves focus or subscribes to something the visitor can cause at once must be
 * a layout effect, in the commit that shows the change, or the visitor's first key can reach the old focus or
 * no listener (two browser tests caught exactly that on Preact). An effect that defers on purpose, through
 * requestAnimationFrame, may stay passive.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src');

/** Each `useEffect(...)` call of a source, with the line it starts on and its whole text (balanced parentheses). */
function passiveEffects(src: string): { line: number; body: string }[] {
  const found: { line: number; body: string }[] = [];
  for (const m of src.matchAll(/\buseEffect\(/g)) {
    let i = (m.index ?? 0) + m[0].length;
    let depth = 1;
    while (depth > 0 && i < src.length) {
      if (src[i] === '(') depth++;
      else if (src[i] === ')') depth--;
      i++;
    }
    found.push({ line: src.slice(0, m.index).split('\n').length, body: src.slice(m.index, i) });
  }
  return found;
}

/** Whether a passive effect does what must happen in the commit: a focus move or an event subscription. */
function needsLayoutEffect(body: string): boolean {
  if (/requestAnimationFrame|afterNextPaint/.test(body)) return false;
  return /\.focus\(|\baddEventListener\(/.test(body);
}

describe('web effects (decision 0043)', () => {
  it('finds a focus move or a subscription in a passive effect, and lets a deferred one be', () => {
    const [focus, listener, deferred, data] = passiveEffects(`
      useEffect(() => { if (open) button.current?.focus(); }, [open]);
      useEffect(() => { window.addEventListener('keydown', onKey); return () => window.removeEventListener('keydown', onKey); }, []);
      useEffect(() => { const id = requestAnimationFrame(() => main.current?.focus()); return () => cancelAnimationFrame(id); }, [path]);
      useEffect(() => { setOpen(false); }, [path]);
    `).map((e) => needsLayoutEffect(e.body));
    expect([focus, listener, deferred, data]).toEqual([true, true, false, false]);
  });

  it('moves focus and subscribes to events only in layout effects', () => {
    const files = fs
      .readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const offenders = files.flatMap((f) =>
      passiveEffects(fs.readFileSync(path.join(WEB_SRC, f), 'utf8'))
        .filter((e) => needsLayoutEffect(e.body))
        .map((e) => `apps/web/src/${f}:${e.line}`),
    );
    expect(offenders).toEqual([]);
  });
});
