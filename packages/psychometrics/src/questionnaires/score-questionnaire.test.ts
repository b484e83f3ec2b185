import { describe, expect, it } from 'vitest';
import lab from '../../../locales/src/en/lab.json';
import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { BRAIN_STYLE, EQ, QUESTIONNAIRES } from './definitions';
import { questionnaireLocaleKeys, scoreQuestionnaire } from './score-questionnaire';

/** Answers a person with a given lean would give: agree with what fits, disagree with the rest. */
function answers(q: typeof EQ, answerAt: (scale: string, keying: 1 | -1, i: number) => number) {
  return q.items.map((it, i) => ({ itemId: it.id, value: answerAt(it.scale, it.keying, i) }));
}

describe('the lab questionnaires', () => {
  it('cycle their scales and keep the keying the definitions promise', () => {
    expect(BRAIN_STYLE.items).toHaveLength(16);
    expect(EQ.items).toHaveLength(20);
    for (const q of Object.values(QUESTIONNAIRES)) {
      for (let i = 1; i < q.items.length; i++) expect(q.items[i]?.scale).not.toBe(q.items[i - 1]?.scale);
      for (const s of q.scales)
        expect(q.items.filter((it) => it.scale === s).length).toBe(q.items.length / q.scales.length);
    }
    // Two of each EQ area's five statements are keyed against it.
    for (const s of EQ.scales) expect(EQ.items.filter((it) => it.scale === s && it.keying === -1)).toHaveLength(2);
    expect(new Set([...BRAIN_STYLE.items, ...EQ.items].map((it) => it.key)).size).toBe(36);
  });

  it('name an analytic, a holistic and a balanced thinking style', () => {
    const analytic = scoreQuestionnaire(
      'brain',
      answers(BRAIN_STYLE, (s, _k, i) => (s === 'analytic' ? 5 - (i % 4 === 0 ? 1 : 0) : 2)),
    );
    expect(analytic).toMatchObject({ valid: true, profile: 'analytic', profileKey: 'lab.brain.profile.analytic' });
    if (!analytic.valid) throw new Error('unreachable');
    expect(analytic.overall).toBeLessThan(-15);
    expect(analytic.scales.map((s) => s.scale)).toEqual(['analytic', 'holistic']);

    const holistic = scoreQuestionnaire(
      'brain',
      answers(BRAIN_STYLE, (s, _k, i) => (s === 'holistic' ? 4 + (i % 3 === 0 ? 1 : 0) : 2)),
    );
    expect(holistic).toMatchObject({ valid: true, profile: 'holistic' });

    const balanced = scoreQuestionnaire(
      'brain',
      answers(BRAIN_STYLE, (_s, _k, i) => [2, 2, 4, 4][i % 4] as number),
    );
    expect(balanced).toMatchObject({ valid: true, profile: 'balanced' });
    if (balanced.valid) expect(Math.abs(balanced.overall)).toBeLessThan(15);
  });

  it('count statements keyed against an area from the other end', () => {
    // Agreeing with every positive statement and disagreeing with every reversed one: the top of the scale.
    const high = scoreQuestionnaire(
      'eq',
      answers(EQ, (_s, k, i) => (k === 1 ? 5 - (i % 5 === 0 ? 1 : 0) : 1 + (i % 7 === 0 ? 1 : 0))),
    );
    expect(high.valid).toBe(true);
    if (!high.valid) return;
    expect(high.overall).toBeGreaterThanOrEqual(80);
    expect(high.profile).toBe('level5');
    for (const s of high.scales) expect(s.level).toBeGreaterThanOrEqual(4);
    // The mirror image lands at the bottom.
    const low = scoreQuestionnaire(
      'eq',
      answers(EQ, (_s, k, i) => (k === 1 ? 1 + (i % 5 === 0 ? 1 : 0) : 5 - (i % 7 === 0 ? 1 : 0))),
    );
    expect(low).toMatchObject({ valid: true, profile: 'level1' });
  });

  it('flag answers given all alike or agreeing with everything, and give them no profile', () => {
    for (const id of ['brain', 'eq'] as const) {
      const same = scoreQuestionnaire(
        id,
        answers(QUESTIONNAIRES[id], () => 4),
      );
      expect(same).toMatchObject({ valid: false, messageKey: 'lab.invalid' });
      if (!same.valid) expect(same.flags.map((f) => f.code)).toContain('straight-lining');
    }
    const yes = scoreQuestionnaire(
      'brain',
      answers(BRAIN_STYLE, (_s, _k, i) => (i % 2 === 0 ? 5 : 4)),
    );
    expect(yes.valid).toBe(false);
    if (!yes.valid) expect(yes.flags.map((f) => f.code)).toContain('acquiescence');
  });

  it('never flag a varied, honest respondent', () => {
    const rng = createRng(7);
    for (let n = 0; n < 300; n++) {
      const lean = rng.next() * 2 - 1;
      const result = scoreQuestionnaire(
        'eq',
        answers(EQ, (_s, k) => Math.max(1, Math.min(5, Math.round(3 + k * lean * 1.5 + (rng.next() * 2 - 1) * 1.2)))),
      );
      if (!result.valid) {
        // Only near-uniform answer sheets may be flagged; these are not.
        expect(result.measures.sameShare).toBeGreaterThanOrEqual(0.75);
      }
    }
  });

  it('refuse malformed answers with input errors a server can map to 4xx', () => {
    const ok = answers(EQ, () => 3);
    expect(() => scoreQuestionnaire('eq', ok.slice(1))).toThrow(PsychometricsInputError);
    expect(() => scoreQuestionnaire('eq', [...ok.slice(1), { itemId: 'e02', value: 3 }])).toThrow(/two responses/);
    expect(() =>
      scoreQuestionnaire(
        'eq',
        ok.map((a, i) => (i === 3 ? { ...a, value: 6 } : a)),
      ),
    ).toThrow(/1\.\.5/);
    expect(() =>
      scoreQuestionnaire(
        'eq',
        answers(BRAIN_STYLE, () => 3),
      ),
    ).toThrow(PsychometricsInputError);
  });

  it('score the same answers the same way every time', () => {
    const a = answers(EQ, (_s, _k, i) => ((i * 7) % 5) + 1);
    expect(scoreQuestionnaire('eq', a)).toEqual(scoreQuestionnaire('eq', a));
  });

  it('emit only locale keys that exist in English (namespace lab)', () => {
    type Tree = { readonly [key: string]: string | Tree };
    const resolve = (key: string) => {
      let node: string | Tree | undefined = lab as Tree;
      for (const part of key.split('.').slice(1)) node = typeof node === 'object' ? node[part] : undefined;
      return node;
    };
    const missing = questionnaireLocaleKeys().filter((k) => typeof resolve(k) !== 'string');
    expect(missing).toEqual([]);
  });
});
