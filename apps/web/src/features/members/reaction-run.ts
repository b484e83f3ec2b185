/**
 * One reaction-time run, outside React so that nothing but the browser's frame stands between the signal and
 * its time stamp: the signal is shown inside a requestAnimationFrame callback and its onset is that frame's
 * time (performance.now's clock); a key press or tap is timed by its event's timeStamp, on the same clock.
 */
export interface RunTrial {
  rtMs: number | null;
  correct: boolean;
}

export interface RunOptions {
  mode: 'simple' | 'choice';
  trials: number;
  /** Shows or hides the signal; side 0 left, 1 right (choice mode). */
  show: (side: 0 | 1 | null) => void;
  /** A trial ended (for the page's counter and its screen-reader message). */
  onTrial: (n: number, trial: RunTrial, early: boolean) => void;
  onDone: (trials: RunTrial[]) => void;
  /** Random numbers in [0, 1): the wait before each signal cannot be timed in advance. */
  random?: () => number;
}

const FOREPERIOD = { min: 1000, max: 3000 };
/** No response by then: a lapse (the engine sets aside anything above 1500 ms). */
const TIMEOUT_MS = 2000;

export function startRun(o: RunOptions) {
  const random = o.random ?? (() => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32);
  const results: RunTrial[] = [];
  let onset: number | null = null;
  let side: 0 | 1 = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let stopped = false;

  function next() {
    if (stopped) return;
    if (results.length >= o.trials) {
      stopped = true;
      o.onDone(results);
      return;
    }
    onset = null;
    o.show(null);
    side = o.mode === 'choice' ? (random() < 0.5 ? 0 : 1) : 0;
    const wait = FOREPERIOD.min + random() * (FOREPERIOD.max - FOREPERIOD.min);
    timer = setTimeout(() => {
      frame = requestAnimationFrame((frameTime) => {
        o.show(side);
        onset = frameTime;
        timer = setTimeout(() => record({ rtMs: null, correct: false }, false), TIMEOUT_MS);
      });
    }, wait);
  }

  function record(trial: RunTrial, early: boolean) {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    results.push(trial);
    o.onTrial(results.length, trial, early);
    next();
  }

  /** A response: `pressedSide` is the key's or button's side (simple mode: any). */
  function respond(timeStamp: number, pressedSide: 0 | 1) {
    if (stopped) return;
    // Before the signal: an anticipation (the engine discards times under 150 ms); the trial starts again.
    if (onset === null) return record({ rtMs: 0, correct: false }, true);
    const rt = Math.max(0, timeStamp - onset);
    record({ rtMs: Math.round(rt * 10) / 10, correct: o.mode === 'simple' || pressedSide === side }, false);
  }

  next();
  return {
    respond,
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    },
  };
}
