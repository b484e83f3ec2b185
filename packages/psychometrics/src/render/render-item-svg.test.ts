import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { generateItem } from '../items/generate-item';
import { LAYOUT_NAMES } from '../items/layouts';
import type { MatrixItem } from '../items/types';
import { ENGLISH_LABELS, panelSvg, renderItemSvg, toPublicItem } from './render-item-svg';

function many(seed: string, n: number): MatrixItem[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) =>
    generateItem(rng, { level: 1 + (i % 5), layout: LAYOUT_NAMES[i % LAYOUT_NAMES.length] }),
  );
}

describe('renderItemSvg', () => {
  it('keeps a whole item (8 panels + 6 options) under 12 KB', () => {
    let worst = 0;
    for (const item of many('svg-size', 1200)) worst = Math.max(worst, renderItemSvg(item).bytes);
    expect(worst).toBeLessThan(12 * 1024);
  });

  it('produces scalable standalone documents: viewBox, no pixel size', () => {
    const svg = renderItemSvg(generateItem(createRng('scalable'), { layout: 'grid-3x3' }));
    for (const doc of [...svg.context, ...svg.options]) {
      expect(doc).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100"/);
      expect(doc).not.toMatch(/\s(width|height)=/);
      expect(doc.endsWith('</svg>')).toBe(true);
    }
  });

  it('gives every panel and option an accessible name', () => {
    const svg = renderItemSvg(generateItem(createRng('names')));
    svg.options.forEach((doc, i) => {
      const name = ENGLISH_LABELS.option(i);
      expect(doc).toContain(`role="img"`);
      expect(doc).toContain(`aria-label="${name}"`);
      expect(doc).toContain(`<title>${name}</title>`);
    });
    expect(svg.context[4]).toContain('<title>Row 2, panel 2</title>');
    const custom = renderItemSvg(generateItem(createRng('names')), {
      panel: (i) => `P${i}`,
      option: (i) => `Choix <${i}>`,
    });
    expect(custom.options[2]).toContain('<title>Choix &lt;2&gt;</title>');
  });

  it('uses greys only, so no information rides on hue', () => {
    for (const item of many('greys', 200)) {
      const svg = renderItemSvg(item);
      for (const doc of [...svg.context, ...svg.options]) {
        for (const m of doc.matchAll(/(fill|stroke)="([^"]+)"/g)) {
          const colour = m[2] as string;
          expect(colour === 'none' || /^#([0-9a-f])\1\1$/.test(colour), colour).toBe(true);
        }
      }
    }
  });

  it('does not leak the answer: an option is drawn from its content and slot label only', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const item = generateItem(createRng(seed), { level: 3 });
        const svg = renderItemSvg(item);
        item.options.forEach((panel, i) => {
          expect(svg.options[i]).toBe(panelSvg(item.layout, panel, ENGLISH_LABELS.option(i)));
          expect(svg.options[i]).not.toMatch(/\b(id|class|data-[\w-]+)=|answer|correct/i);
        });
        // Same markup skeleton for every option: only the drawing differs.
        const skeletons = svg.options.map((s) => s.replace(/d="[^"]*"|fill="[^"]*"|Option [A-F]/g, ''));
        expect(new Set(skeletons).size).toBe(1);
      }),
      { numRuns: 100 },
    );
  });
});

describe('toPublicItem', () => {
  it('carries the drawings and id but nothing that reveals the key', () => {
    const item = generateItem(createRng('public'), { level: 2 });
    const pub = toPublicItem(item);
    expect(Object.keys(pub).sort()).toEqual(['context', 'id', 'options']);
    expect(pub.options).toHaveLength(6);
    expect(JSON.stringify(pub)).not.toMatch(/answer|rules|parameters/);
  });
});
