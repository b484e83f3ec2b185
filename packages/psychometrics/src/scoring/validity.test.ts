import { describe, expect, it } from 'vitest';
import { type RespondentProfile, simulateSession } from '../audit/simulate';
import { createRng } from '../core/rng';
import { assembleForm } from '../forms/assemble-form';
import { scoreIq } from './score-iq';
import { type ScoringKey, scoringKey } from './scoring-key';

const rng = createRng('validity');
const keys: ScoringKey[] = Array.from({ length: 10 }, () => scoringKey(assembleForm(rng)));

function flagRate(seed: string, n: number, profile: (r: ReturnType<typeof createRng>) => RespondentProfile) {
  const sim = createRng(seed);
  let flagged = 0;
  const codes = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = keys[i % keys.length] as ScoringKey;
    const r = scoreIq(simulateSession(sim, key, profile(sim)), { key });
    if (!r.valid) {
      flagged++;
      for (const f of r.validity.flags) codes.set(f.code, (codes.get(f.code) ?? 0) + 1);
    }
  }
  return { rate: flagged / n, codes };
}

describe('validity screens', () => {
  it("never take a form's own key for straight-lining: 400 forms answered well, each one right", () => {
    const forms = createRng('honest-keys');
    for (let f = 0; f < 400; f++) {
      const key = scoringKey(assembleForm(forms, { poolSize: 300 }));
      const responses = key.items.map((k, i) => ({
        itemId: k.id,
        // The wrong answers sit one place over from the key, so they follow its positions too.
        choice: i < 22 ? k.answerIndex : (k.answerIndex + 1) % 6,
        timeMs: 25_000,
        firstChoiceMs: 12_000,
        answerChanges: 0,
        focusLosses: 0,
      }));
      const r = scoreIq({ responses }, { key });
      expect(r.valid ? [] : r.validity.flags.map((x) => x.code), key.items.map((k) => k.answerIndex).join('')).toEqual(
        [],
      );
    }
  });

  it('flag random responders (normal-looking times) at least 90% of the time', () => {
    const { rate, codes } = flagRate('random', 1500, () => ({ kind: 'random' }));
    expect(rate).toBeGreaterThanOrEqual(0.9);
    expect(codes.get('chance-level')).toBeGreaterThan(1400);
  });

  it('flag rapid responders at least 90% of the time, as rapid guessing', () => {
    const { rate, codes } = flagRate('rapid', 800, () => ({ kind: 'rapid' }));
    expect(rate).toBeGreaterThanOrEqual(0.9);
    expect((codes.get('rapid-guessing') ?? 0) / 800).toBeGreaterThanOrEqual(0.9);
  });

  it('flag straight-liners', () => {
    const { rate, codes } = flagRate('straight', 300, () => ({ kind: 'straight' }));
    expect(rate).toBe(1);
    expect(codes.get('straight-lining')).toBe(300);
  });

  it('flag at most 5% of honest respondents across the ability range', () => {
    const { rate } = flagRate('honest', 3000, (r) => ({ kind: 'honest', theta: r.normal() }));
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  it('almost never flag honest respondents of average ability or above', () => {
    for (const theta of [-0.5, 0, 1, 2]) {
      const { rate } = flagRate(`honest-${theta}`, 400, () => ({ kind: 'honest', theta }));
      expect(rate, `theta ${theta}`).toBeLessThanOrEqual(0.02);
    }
  });

  it('flags too many unanswered items and reports the count', () => {
    const key = keys[0] as ScoringKey;
    const s = simulateSession(createRng('omit'), key, { kind: 'honest', theta: 1 });
    const omitted = {
      responses: s.responses.map((r, i) => (i >= 18 ? { ...r, choice: null, firstChoiceMs: null } : r)),
    };
    const r = scoreIq(omitted, { key });
    expect(r.valid).toBe(false);
    expect(r.validity.flags.map((f) => f.code)).toContain('too-many-unanswered');
    expect(r.validity.measures.unanswered).toBe(12);
  });

  it('flags a pattern that contradicts the model (easiest items wrong, everything else right)', () => {
    const key = keys[0] as ScoringKey;
    const s = simulateSession(createRng('misfit'), key, { kind: 'honest', theta: 0 });
    const pattern = {
      responses: s.responses.map((r, i) => {
        const k = key.items[i];
        if (!k) return r;
        return { ...r, choice: i < 6 ? (k.answerIndex + 1 + (i % 5)) % 6 : k.answerIndex };
      }),
    };
    const r = scoreIq(pattern, { key });
    expect(r.valid).toBe(false);
    expect(r.validity.flags.map((f) => f.code)).toContain('person-misfit');
    expect(r.validity.measures.personFit).toBeLessThan(-3);
  });
});
