import type { AttributeName, Explanation, RuleName } from './types';

const NUMBER_WORD: Readonly<Record<number, string>> = { 1: 'One', 2: 'Two' };

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The locale key of the sentence that explains a rule. Keys are chosen per
 * attribute and step so that translators never have to build a sentence from parts.
 */
export function explanationKey(
  attribute: AttributeName,
  rule: RuleName,
  step?: number,
  op?: 'add' | 'subtract',
): string {
  switch (rule) {
    case 'constant':
      return 'engine.explain.constant';
    case 'distribute-three':
      return `engine.explain.distributeThree${cap(attribute)}`;
    case 'arithmetic':
      if (attribute === 'position')
        return op === 'add' ? 'engine.explain.positionUnion' : 'engine.explain.positionDifference';
      if (attribute === 'number') return op === 'add' ? 'engine.explain.numberAdd' : 'engine.explain.numberSubtract';
      return op === 'add' ? 'engine.explain.arithmeticAdd' : 'engine.explain.arithmeticSubtract';
    case 'progression': {
      const s = step ?? 1;
      if (attribute === 'position')
        return s > 0 ? 'engine.explain.positionShiftForward' : 'engine.explain.positionShiftBackward';
      const dir = s > 0 ? 'Up' : 'Down';
      const amount = NUMBER_WORD[Math.abs(s)] ?? 'One';
      const stem = attribute === 'shape' ? 'sides' : attribute === 'number' ? 'number' : 'progression';
      return `engine.explain.${stem}${dir}${amount}`;
    }
  }
}

export function explain(attribute: AttributeName, rule: RuleName, step?: number, op?: 'add' | 'subtract'): Explanation {
  return {
    key: explanationKey(attribute, rule, step, op),
    params: step === undefined ? {} : { step: Math.abs(step) },
    paramKeys: { attribute: `engine.attribute.${attribute}`, rule: `engine.rule.${ruleKey(rule)}` },
  };
}

export function ruleKey(rule: RuleName): string {
  return rule === 'distribute-three' ? 'distributeThree' : rule;
}

/** Every explanation key the generator can emit (for the locale completeness test). */
export function allExplanationKeys(): string[] {
  const attrs: AttributeName[] = ['number', 'position', 'shape', 'size', 'fill'];
  const keys = new Set<string>();
  for (const a of attrs) {
    keys.add(explanationKey(a, 'constant'));
    keys.add(explanationKey(a, 'distribute-three'));
    keys.add(explanationKey(a, 'arithmetic', undefined, 'add'));
    keys.add(explanationKey(a, 'arithmetic', undefined, 'subtract'));
    for (const s of [-2, -1, 1, 2]) keys.add(explanationKey(a, 'progression', s));
  }
  return [...keys].sort();
}
