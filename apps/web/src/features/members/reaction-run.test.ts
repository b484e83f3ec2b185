import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RunTrial, startRun } from './reaction-run';

/** rAF is replaced so the frame time is known: the signal's onset is the frame the callback is given. */
let frames: FrameRequestCallback[] = [];
const FRAME_TIME = 5000;
function runFrame() {
  const due = frames;
  frames = [];
  for (const f of due) f(FRAME_TIME);
}

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function run(mode: 'simple' | 'choice', trials: number, random = () => 0) {
  const shown: (0 | 1 | null)[] = [];
  const events: { trial: RunTrial; early: boolean }[] = [];
  let done: RunTrial[] | undefined;
  const r = startRun({
    mode,
    trials,
    random,
    show: (side) => shown.push(side),
    onTrial: (_n, trial, early) => events.push({ trial, early }),
    onDone: (t) => {
      done = t;
    },
  });
  return { r, shown, events, done: () => done };
}

describe('a reaction-time run', () => {
  it('times a press from the frame that showed the signal to the event time', () => {
    const { r, shown, events } = run('simple', 3);
    // random() = 0: the wait is the shortest, 1000 ms; the signal then shows in the next frame.
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([null]);
    runFrame();
    expect(shown).toEqual([null, 0]);
    r.respond(FRAME_TIME + 256.34, 0);
    expect(events[0]).toEqual({ trial: { rtMs: 256.3, correct: true }, early: false });
  });

  it('a press before the signal is an anticipation (kept as 0 ms, which the engine sets aside)', () => {
    const { r, events } = run('simple', 3);
    vi.advanceTimersByTime(500);
    r.respond(1234, 0);
    expect(events[0]).toEqual({ trial: { rtMs: 0, correct: false }, early: true });
  });

  it('no press within two seconds of the signal is a lapse', () => {
    const { events } = run('simple', 3);
    vi.advanceTimersByTime(1000);
    runFrame();
    vi.advanceTimersByTime(2000);
    expect(events[0]).toEqual({ trial: { rtMs: null, correct: false }, early: false });
  });

  it('in choice mode the wrong side is an error; after the last trial the run ends with every trial', () => {
    // random() = 0.9: the right side each time.
    const { r, events, done } = run('choice', 2, () => 0.9);
    for (const pressed of [1, 0] as const) {
      vi.advanceTimersByTime(3000);
      runFrame();
      r.respond(FRAME_TIME + 400, pressed);
    }
    expect(events.map((e) => e.trial.correct)).toEqual([true, false]);
    expect(done()).toHaveLength(2);
    // Nothing is recorded after the end.
    r.respond(FRAME_TIME + 900, 1);
    expect(events).toHaveLength(2);
  });
});
