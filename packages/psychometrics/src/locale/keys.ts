import { allExplanationKeys, ruleKey } from '../items/explain';
import { LAYOUT_NAMES } from '../items/layouts';
import type { LayoutName, RuleName } from '../items/types';
import { AXES, LIKERT_SCALE, PERSONALITY_ITEMS } from '../personality/items';
import { IQ_CLASSES } from '../scoring/classes';
import { DIMENSION_IDS, LEVEL_KEYS } from '../scoring/dimensions';

const SHAPE_NAMES = ['triangle', 'square', 'pentagon', 'hexagon', 'circle'] as const;

function camel(text: string): string {
  return text.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Locale key of a layout's name, e.g. engine.layout.grid3x3. */
export function layoutKey(layout: LayoutName): string {
  return `engine.layout.${camel(layout)}`;
}

/** Locale key of a shape level (1..5), e.g. engine.shape.triangle. */
export function shapeKey(shape: number): string {
  return `engine.shape.${SHAPE_NAMES[shape - 1] ?? 'circle'}`;
}

/** Locale key of a rule's name, e.g. engine.rule.distributeThree. */
export function ruleNameKey(rule: RuleName): string {
  return `engine.rule.${ruleKey(rule)}`;
}

/**
 * Every locale key the engine can emit, in the namespaces `engine` and
 * `personality` (packages/locales/src/<lang>/engine.json and personality.json).
 */
export function engineLocaleKeys(): readonly string[] {
  const keys: string[] = [];
  const rules: RuleName[] = ['constant', 'progression', 'arithmetic', 'distribute-three'];
  keys.push(...rules.map(ruleNameKey));
  keys.push(...['number', 'position', 'shape', 'size', 'fill'].map((a) => `engine.attribute.${a}`));
  keys.push(...SHAPE_NAMES.map((_, i) => shapeKey(i + 1)));
  keys.push(...LAYOUT_NAMES.map(layoutKey));
  keys.push(...allExplanationKeys());
  for (const c of IQ_CLASSES) keys.push(c.key);
  keys.push(...[...new Set(IQ_CLASSES.map((c) => c.bandKey))]);
  for (const id of DIMENSION_IDS)
    for (const part of ['name', 'description', 'source']) keys.push(`engine.dimension.${id}.${part}`);
  keys.push(...LEVEL_KEYS.map((l) => `engine.level.${l}`));
  keys.push(
    ...[
      'rapidGuessing',
      'straightLining',
      'personMisfit',
      'chanceLevel',
      'chanceRushed',
      'tooManyUnanswered',
      'abnormal',
    ].map((k) => `engine.validity.${k}`),
  );
  keys.push('engine.outcome.belowRange');
  keys.push('engine.norm.provisional', 'engine.norm.established', 'engine.a11y.panel', 'engine.a11y.option');
  keys.push(...PERSONALITY_ITEMS.map((i) => i.key));
  for (const a of AXES) {
    keys.push(`personality.axis.${a.id.toLowerCase()}`);
    for (const p of a.poles) keys.push(`personality.pole.${p.toLowerCase()}`);
  }
  keys.push(...['slight', 'moderate', 'clear', 'veryClear'].map((s) => `personality.strength.${s}`));
  keys.push(
    'personality.borderline',
    'personality.flag.straightLining',
    'personality.flag.acquiescence',
    'personality.invalid',
  );
  keys.push(...LIKERT_SCALE.map((l) => l.key));
  return [...new Set(keys)].sort();
}
