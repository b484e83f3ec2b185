import { describe, expect, it } from 'vitest';
import engine from '../../../locales/src/en/engine.json';
import personality from '../../../locales/src/en/personality.json';
import { simulateSession } from '../audit/simulate';
import { createRng } from '../core/rng';
import { assembleForm } from '../forms/assemble-form';
import { drawRoutedForm } from '../forms/multistage';
import { generateItem } from '../items/generate-item';
import { LAYOUT_NAMES } from '../items/layouts';
import { PERSONALITY_ITEMS } from '../personality/items';
import { scorePersonality } from '../personality/score-personality';
import { IQ_CLASSES } from '../scoring/classes';
import { scoreIq } from '../scoring/score-iq';
import { scoreSession } from '../scoring/score-session';
import { scoringKey } from '../scoring/scoring-key';
import { engineLocaleKeys, layoutKey, ruleNameKey, shapeKey } from './keys';

type Tree = { readonly [key: string]: string | Tree };
const FILES: Record<string, Tree> = { engine, personality };

function resolve(key: string): string | undefined {
  const [ns, ...path] = key.split('.');
  let node: string | Tree | undefined = FILES[ns as string];
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function leaves(tree: Tree, prefix: string): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}.${k}`] : leaves(v, `${prefix}.${k}`),
  );
}

/** Every locale key found anywhere in a value (items, results). */
function emitted(value: unknown, out: Set<string>): void {
  if (typeof value === 'string' && /^(engine|personality)\.[\w.]+$/.test(value)) out.add(value);
  else if (Array.isArray(value)) for (const v of value) emitted(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) emitted(v, out);
}

describe('locale keys', () => {
  const keys = engineLocaleKeys();

  it('every listed key has an English text', () => {
    const missing = keys.filter((k) => !resolve(k));
    expect(missing).toEqual([]);
    for (const k of keys) expect((resolve(k) ?? '').trim().length).toBeGreaterThan(2);
  });

  it('the English files hold no key the engine does not list', () => {
    const all = [...leaves(engine, 'engine'), ...leaves(personality, 'personality')];
    expect(all.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('every key emitted by items and results is listed', () => {
    const found = new Set<string>();
    const rng = createRng('keys');
    for (let i = 0; i < 400; i++) emitted(generateItem(rng, { level: 1 + (i % 5) }), found);
    const key = scoringKey(assembleForm(rng));
    for (const kind of ['honest', 'random', 'rapid', 'straight'] as const) {
      for (let i = 0; i < 20; i++)
        emitted(scoreIq(simulateSession(rng, key, { kind, theta: rng.normal() }), { key }), found);
    }
    // Scoring version 2: every outcome (scored, below range, each abnormal behaviour) and its keys.
    const routed = scoringKey(drawRoutedForm('keys', [0, 0]));
    const outcomes = new Set<string>();
    for (const kind of ['honest', 'random', 'rapid-uniform', 'straight', 'rusher'] as const) {
      for (let i = 0; i < 10; i++) {
        const r = scoreSession(simulateSession(rng, routed, { kind, theta: rng.normal() }), { key: routed });
        outcomes.add(r.outcome);
        emitted(r, found);
      }
    }
    expect([...outcomes].sort()).toEqual(['abnormal', 'below-range', 'scored']);
    emitted(
      scorePersonality({ responses: PERSONALITY_ITEMS.map((it, i) => ({ itemId: it.id, value: 1 + (i % 5) })) }),
      found,
    );
    emitted(scorePersonality({ responses: PERSONALITY_ITEMS.map((it) => ({ itemId: it.id, value: 4 })) }), found);
    emitted(PERSONALITY_ITEMS, found);
    emitted(IQ_CLASSES, found);
    emitted(LAYOUT_NAMES.map(layoutKey), found);
    emitted([1, 2, 3, 4, 5].map(shapeKey), found);
    emitted(ruleNameKey('distribute-three'), found);
    expect([...found].filter((k) => !keys.includes(k))).toEqual([]);
    expect(found.size).toBeGreaterThan(100);
  });

  it('keeps interpolation placeholders in i18next form', () => {
    for (const k of keys) {
      const text = resolve(k) ?? '';
      expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), k).not.toMatch(/[{}]/);
    }
    expect(resolve('engine.explain.constant')).toContain('{{attribute}}');
  });
});
