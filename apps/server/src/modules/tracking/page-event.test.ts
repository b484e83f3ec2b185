import { describe, expect, it } from 'vitest';
import { pageEventOf } from './page-event';

describe('the event and landing variant of a page view', () => {
  it('names landings by their variant, aliases included, and other pages by their route', () => {
    expect(pageEventOf('https://example.com/landing_page/test_center/1799?x=1')).toEqual({
      event: 'landing',
      variant: 'test_center',
    });
    expect(pageEventOf('/free/1799')).toEqual({ event: 'landing', variant: 'free' });
    expect(pageEventOf('/landing_page/not-a-variant/1799').variant).toBe('');
    expect(pageEventOf('https://example.com/')).toEqual({ event: 'home', variant: '' });
    expect(pageEventOf('/nowhere/at/all')).toEqual({ event: 'other', variant: '' });
    expect(pageEventOf(undefined)).toEqual({ event: 'other', variant: '' });
  });
});
