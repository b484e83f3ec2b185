import { describe, expect, it } from 'vitest';
import { classifyIq, IQ_CLASSES, iqPercentile, populationShare } from './classes';

describe('IQ classes', () => {
  it('places the spec boundaries', () => {
    expect(classifyIq(146).id).toBe('genius');
    expect(classifyIq(145).id).toBe('genius');
    expect(classifyIq(144.9).id).toBe('very-superior');
    expect(classifyIq(130).id).toBe('very-superior');
    expect(classifyIq(129.9).id).toBe('superior');
    expect(classifyIq(115).id).toBe('superior');
    expect(classifyIq(100).id).toBe('normal');
    expect(classifyIq(85).id).toBe('normal');
    expect(classifyIq(84.9).id).toBe('dullness');
    expect(classifyIq(79.9).id).toBe('borderline');
    expect(classifyIq(70).id).toBe('borderline');
    expect(classifyIq(69.9).id).toBe('below-70');
  });

  it('matches the spec population shares: 2% gifted, 14% high, 68% average', () => {
    const share = (band: string) =>
      IQ_CLASSES.filter((c) => c.band === band).reduce((s, c) => s + populationShare(c), 0);
    expect(Math.round(100 * share('gifted'))).toBe(2);
    expect(Math.round(100 * share('high'))).toBe(14);
    expect(Math.round(100 * share('average'))).toBe(68);
    expect(IQ_CLASSES.reduce((s, c) => s + populationShare(c), 0)).toBeCloseTo(1, 6);
  });

  it('turns IQ into a population percentile', () => {
    expect(iqPercentile(100)).toBeCloseTo(50, 5);
    expect(iqPercentile(130)).toBeCloseTo(97.72, 1);
    expect(iqPercentile(85)).toBeCloseTo(15.87, 1);
  });
});
