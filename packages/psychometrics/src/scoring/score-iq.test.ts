import { describe, expect, it } from 'vitest';
import { simulateSession } from '../audit/simulate';
import { PsychometricsInputError } from '../core/errors';
import { createRng } from '../core/rng';
import { assembleForm } from '../forms/assemble-form';
import { classifyIq, iqPercentile } from './classes';
import { type IqResult, scoreIq } from './score-iq';
import { type ScoringKey, scoringKey } from './scoring-key';
import type { IqSession, ItemResponse } from './session';

const rng = createRng('score-iq');
const keys: ScoringKey[] = Array.from({ length: 12 }, () => scoringKey(assembleForm(rng)));
const key = keys[0] as ScoringKey;

function honest(theta: number, seed: string, k: ScoringKey = key): IqSession {
  return simulateSession(createRng(seed), k, { kind: 'honest', theta });
}

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PsychometricsInputError);
    expect((e as PsychometricsInputError).code).toBe(code);
    return;
  }
  throw new Error(`expected PsychometricsInputError ${code}`);
}

describe('scoreIq', () => {
  it('reports IQ = 100 + 15 theta with its range, percentile and class', () => {
    const result = scoreIq(honest(1, 'formula'), { key });
    if (!result.valid) throw new Error('an honest average session should be valid');
    const { iq } = result;
    expect(iq.iq).toBeCloseTo(100 + 15 * iq.theta, 10);
    expect(iq.range95.lower).toBeLessThan(iq.iq);
    expect(iq.range95.upper).toBeGreaterThan(iq.iq);
    expect(iq.percentile).toBeCloseTo(iqPercentile(iq.iq), 10);
    expect(iq.classification).toEqual(classifyIq(iq.iq));
    expect(result.correct).toBe(result.items.filter((i) => i.correct).length);
    expect(result.norm.provisional).toBe(true);
  });

  it('is deterministic: same session, same score', () => {
    const s = honest(0.3, 'det');
    expect(scoreIq(s, { key })).toEqual(scoreIq(s, { key }));
  });

  it('same seed, same form, same answers, same score (end to end)', () => {
    const run = () => {
      const form = assembleForm(createRng('e2e-seed'));
      const k = scoringKey(form);
      return scoreIq(simulateSession(createRng('e2e-answers'), k, { kind: 'honest', theta: 0.4 }), { key: k });
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.valid).toBe(true);
  });

  it('ranks more able respondents higher on average', () => {
    const mean = (theta: number) => {
      let s = 0;
      let n = 0;
      for (let i = 0; i < 100; i++) {
        const r = scoreIq(honest(theta, `rank-${theta}-${i}`), { key });
        if (r.valid) {
          s += r.iq.iq;
          n++;
        }
      }
      return s / n;
    };
    const low = mean(-1);
    const mid = mean(0);
    const high = mean(1);
    expect(mid - low).toBeGreaterThan(8);
    expect(high - mid).toBeGreaterThan(8);
  });

  it('95% range covers the true IQ for 93-97% of simulated respondents', () => {
    const sim = createRng('coverage');
    let covered = 0;
    let scored = 0;
    for (let i = 0; i < 3000; i++) {
      const theta = sim.normal();
      const k = keys[i % keys.length] as ScoringKey;
      const r = scoreIq(simulateSession(sim, k, { kind: 'honest', theta }), { key: k });
      if (!r.valid) continue;
      scored++;
      const trueIq = 100 + 15 * theta;
      if (trueIq >= r.iq.range95.lower && trueIq <= r.iq.range95.upper) covered++;
    }
    expect(scored).toBeGreaterThan(2800);
    const rate = covered / scored;
    expect(rate).toBeGreaterThanOrEqual(0.93);
    expect(rate).toBeLessThanOrEqual(0.97);
  });

  it('has a standard error at theta 0 of at most 0.45 on a 30-item form', () => {
    let s = 0;
    let n = 0;
    for (let i = 0; i < 300; i++) {
      const k = keys[i % keys.length] as ScoringKey;
      const r = scoreIq(honest(0, `se-${i}`, k), { key: k });
      if (r.valid) {
        s += r.iq.se;
        n++;
      }
    }
    expect(s / n).toBeLessThanOrEqual(0.45);
  });

  it('never gives a random responder an IQ, and the type forbids reading one', () => {
    const sim = createRng('random-never');
    for (let i = 0; i < 1000; i++) {
      const k = keys[i % keys.length] as ScoringKey;
      const r: IqResult = scoreIq(simulateSession(sim, k, { kind: 'random' }), { key: k });
      expect(r.valid).toBe(false);
      // @ts-expect-error an unnarrowed result has no readable IQ
      expect(r.iq).toBeUndefined();
      if (!r.valid) {
        expect(r.messageKey).toBe('engine.validity.abnormal');
        expect(Object.keys(r).sort()).toEqual(['messageKey', 'valid', 'validity']);
      }
    }
  });

  it('marks results provisional until the norm sample is large enough', () => {
    const s = honest(0, 'norm');
    const norm = {
      id: 'n1',
      sampleSize: 5000,
      collectedOn: '2026-06-01',
      timing: { baseSeconds: 22, perB: 0.35, firstChoiceShare: 0.6, speedSd: 0.35, noiseSd: 0.45 },
      focusLossMean: 0.6,
    };
    const established = scoreIq(s, { key, norm });
    const strict = scoreIq(s, { key, norm, minNormSampleSize: 10_000 });
    if (!established.valid || !strict.valid) throw new Error('expected valid');
    expect(established.norm.provisional).toBe(false);
    expect(established.norm.key).toBe('engine.norm.established');
    expect(strict.norm.provisional).toBe(true);
    expect(strict.norm.key).toBe('engine.norm.provisional');
  });
});

describe('scoreIq input checks', () => {
  const good = honest(0, 'input');
  const edit = (i: number, patch: Partial<ItemResponse>): IqSession => ({
    responses: good.responses.map((r, k) => (k === i ? { ...r, ...patch } : r)),
  });

  it('rejects a wrong item count', () => {
    expectCode(() => scoreIq({ responses: good.responses.slice(1) }, { key }), 'wrong_item_count');
    expectCode(
      () => scoreIq({ responses: [...good.responses, good.responses[0] as ItemResponse] }, { key }),
      'wrong_item_count',
    );
  });

  it('rejects options out of range', () => {
    expectCode(() => scoreIq(edit(3, { choice: 6 }), { key }), 'option_out_of_range');
    expectCode(() => scoreIq(edit(3, { choice: -1 }), { key }), 'option_out_of_range');
    expectCode(() => scoreIq(edit(3, { choice: 1.5 }), { key }), 'option_out_of_range');
  });

  it('rejects negative or non-finite times and counts', () => {
    expectCode(() => scoreIq(edit(0, { timeMs: -1 }), { key }), 'negative_time');
    expectCode(() => scoreIq(edit(0, { firstChoiceMs: -5 }), { key }), 'negative_time');
    expectCode(() => scoreIq(edit(0, { timeMs: Number.NaN }), { key }), 'invalid_number');
    expectCode(() => scoreIq(edit(0, { focusLosses: -1 }), { key }), 'invalid_number');
  });

  it('rejects unknown and repeated items', () => {
    expectCode(() => scoreIq(edit(2, { itemId: 'mx-not-on-form' }), { key }), 'unknown_item');
    expectCode(() => scoreIq(edit(2, { itemId: good.responses[1]?.itemId as string }), { key }), 'duplicate_item');
    expectCode(() => scoreIq({} as IqSession, { key }), 'invalid_session');
  });

  it('accepts unanswered items (null choice) as wrong', () => {
    const r = scoreIq(edit(29, { choice: null, firstChoiceMs: null }), { key });
    if (r.valid) expect(r.items[29]?.correct).toBe(false);
  });
});
