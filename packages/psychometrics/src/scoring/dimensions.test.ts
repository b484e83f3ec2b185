import { describe, expect, it } from 'vitest';
import { simulateSession } from '../audit/simulate';
import { createRng } from '../core/rng';
import { assembleForm } from '../forms/assemble-form';
import { levelOfScore } from './dimensions';
import { type IqValidResult, scoreIq } from './score-iq';
import { scoringKey } from './scoring-key';
import type { IqSession } from './session';

const key = scoringKey(assembleForm(createRng('dimensions')));

function valid(session: IqSession): IqValidResult {
  const r = scoreIq(session, { key });
  if (!r.valid) throw new Error(`unexpectedly invalid: ${r.validity.flags.map((f) => f.code).join()}`);
  return r;
}

function dim(r: IqValidResult, id: string) {
  const d = r.dimensions.find((x) => x.id === id);
  if (!d) throw new Error(id);
  return d;
}

/** Mean score over valid sessions (screened-out sessions get no dimensions at all). */
function meanScore(id: string, theta: number, speed: number, n = 60): number {
  let s = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const r = scoreIq(
      simulateSession(createRng(`${id}-${theta}-${speed}-${i}`), key, { kind: 'honest', theta, speed }),
      { key },
    );
    if (!r.valid) continue;
    s += dim(r, id).score;
    k++;
  }
  return s / k;
}

describe('five dimensions', () => {
  it('reports each with score, level, reference range and source', () => {
    const r = valid(simulateSession(createRng('dims'), key, { kind: 'honest', theta: 0.5 }));
    expect(r.dimensions.map((d) => d.id)).toEqual(['memory', 'speed', 'reaction', 'concentration', 'logic']);
    for (const d of r.dimensions) {
      expect(d.score).toBeGreaterThanOrEqual(0);
      expect(d.score).toBeLessThanOrEqual(100);
      expect(d.level).toBe(levelOfScore(d.score));
      expect(d.reference).toEqual({ lower: 40, upper: 60 });
      expect(d.source.fields.length).toBeGreaterThan(0);
      expect(d.source.key).toBe(`engine.dimension.${d.id}.source`);
      expect(d.source.items).toBeGreaterThan(0);
    }
  });

  it('centres the population near 50 with about 68% in the reference range (logic, memory)', () => {
    const sim = createRng('population');
    for (const id of ['logic', 'memory']) {
      let s = 0;
      let inRange = 0;
      let n = 0;
      for (let i = 0; i < 600; i++) {
        const r = scoreIq(simulateSession(sim, key, { kind: 'honest', theta: sim.normal() }), { key });
        if (!r.valid) continue;
        const d = dim(r, id);
        s += d.score;
        n++;
        if (d.score >= 40 && d.score <= 60) inRange++;
      }
      expect(Math.abs(s / n - 50), id).toBeLessThan(5);
      expect(inRange / n, id).toBeGreaterThan(0.5);
    }
  });

  it('moves with the response data it names', () => {
    expect(meanScore('logic', 1.2, 0)).toBeGreaterThan(meanScore('logic', -0.8, 0) + 10);
    expect(meanScore('memory', 1.2, 0)).toBeGreaterThan(meanScore('memory', -0.8, 0) + 8);
    expect(meanScore('speed', 0, 0.6)).toBeGreaterThan(meanScore('speed', 0, -0.6) + 10);
    expect(meanScore('reaction', 0, 0.6)).toBeGreaterThan(meanScore('reaction', 0, -0.6) + 10);
  });

  it('lowers concentration with focus losses', () => {
    const base = simulateSession(createRng('focus'), key, { kind: 'honest', theta: 0.5 });
    const distracted = { responses: base.responses.map((r, i) => ({ ...r, focusLosses: i % 5 === 0 ? 1 : 0 })) };
    const calm = { responses: base.responses.map((r) => ({ ...r, focusLosses: 0 })) };
    expect(dim(valid(distracted), 'concentration').score).toBeLessThan(dim(valid(calm), 'concentration').score - 15);
  });

  it('maps scores to levels 1-5', () => {
    expect([20, 35, 50, 65, 80].map(levelOfScore)).toEqual([1, 2, 3, 4, 5]);
  });
});
