import { afterEach, describe, expect, it } from 'vitest';
import { persistent, session } from './storage';
import { VISIT_IDENTITY_KEY, visitLanding } from './visit-landing';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the visit's landing, sent with a test's start", () => {
  it("is this tab's landing variant, and nothing for a visit that began elsewhere", () => {
    expect(visitLanding()).toEqual({});
    session.set(VISIT_IDENTITY_KEY, { variant: 'yellow_girl', props: {} });
    expect(visitLanding()).toEqual({ variant: 'yellow_girl' });
  });

  it("ignores an earlier visit's identity and a variant outside the registry", () => {
    persistent.set(VISIT_IDENTITY_KEY, { variant: 'girl' });
    expect(visitLanding()).toEqual({});
    session.set(VISIT_IDENTITY_KEY, { variant: 'made_up' });
    expect(visitLanding()).toEqual({});
    session.set(VISIT_IDENTITY_KEY, 'girl');
    expect(visitLanding()).toEqual({});
  });
});
