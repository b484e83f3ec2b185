import { describe, expect, it } from 'vitest';
import { createRng } from '../core/rng';
import { reactionDimension, spanDimension } from './member-dimensions';
import { isoWeek, PRACTICE_LEVELS, practiceSet, TRAINING_ITEMS, trainingSet } from './practice-sets';

describe('practice and training sets', () => {
  it('ISO weeks: Monday starts a week; the first Thursday makes week 1', () => {
    expect(isoWeek(Date.UTC(2026, 10, 24)).key).toBe('2026-W48'); // a Tuesday
    expect(isoWeek(Date.UTC(2026, 10, 23)).key).toBe('2026-W48'); // its Monday
    expect(isoWeek(Date.UTC(2026, 10, 22, 23, 59)).key).toBe('2026-W47'); // the Sunday before
    expect(isoWeek(Date.UTC(2021, 0, 3)).key).toBe('2020-W53');
    expect(isoWeek(Date.UTC(2024, 11, 30)).key).toBe('2025-W01');
    expect(isoWeek(Date.UTC(2026, 0, 1)).key).toBe('2026-W01'); // a Thursday
    expect(isoWeek(Date.UTC(2027, 0, 3)).key).toBe('2026-W53');
    expect(isoWeek(Date.UTC(2000, 1, 29)).key).toBe('2000-W09');
  });

  it('the practice set has ten puzzles at rising levels, each with its explanations', () => {
    const set = practiceSet(createRng('practice'));
    expect(set).toHaveLength(PRACTICE_LEVELS.length);
    expect(set.every((i) => i.rules.length > 0 && i.rules.every((r) => r.explanation.key.startsWith('engine.')))).toBe(
      true,
    );
    expect(new Set(set.map((i) => i.id)).size).toBe(10);
  });

  it('a week and level give everyone the same set; another week, level or secret gives another', () => {
    const a = trainingSet('s', '2026-W48', 3).map((i) => i.id);
    expect(a).toHaveLength(TRAINING_ITEMS);
    expect(trainingSet('s', '2026-W48', 3).map((i) => i.id)).toEqual(a);
    expect(trainingSet('s', '2026-W49', 3).map((i) => i.id)).not.toEqual(a);
    expect(trainingSet('s', '2026-W48', 4).map((i) => i.id)).not.toEqual(a);
    expect(trainingSet('t', '2026-W48', 3).map((i) => i.id)).not.toEqual(a);
  });

  it('member dimensions: the reference span or time scores 50; better scores higher', () => {
    expect(spanDimension(6).score).toBe(50);
    expect(spanDimension(8).score).toBeGreaterThan(60);
    expect(reactionDimension('simple', 270).score).toBe(50);
    expect(reactionDimension('simple', 220).score).toBeGreaterThan(50);
    expect(reactionDimension('choice', 370).score).toBe(50);
    expect(spanDimension(3).level).toBe(1);
  });
});
