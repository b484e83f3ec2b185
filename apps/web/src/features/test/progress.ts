import { session } from '../../lib/storage';

/** What the engine needs about each item, measured in the browser and sent with every save. */
export interface ItemProgress {
  choice: number | null;
  timeMs: number;
  firstChoiceMs: number | null;
  changes: number;
  focusLosses: number;
}

type Progress = Record<string, ItemProgress>;

const key = (sessionId: string) => `progress-${sessionId}`;

export function readProgress(sessionId: string): Progress {
  return session.get<Progress>(key(sessionId)) ?? {};
}

export function writeProgress(sessionId: string, progress: Progress): void {
  session.set(key(sessionId), progress);
}

export const EMPTY_PROGRESS: ItemProgress = {
  choice: null,
  timeMs: 0,
  firstChoiceMs: null,
  changes: 0,
  focusLosses: 0,
};

/** Records a choice: the first one sets the latency, later different ones count as changes. */
export function withChoice(p: ItemProgress, choice: number, elapsedOnItemMs: number): ItemProgress {
  if (p.choice === choice) return p;
  return {
    ...p,
    choice,
    firstChoiceMs: p.firstChoiceMs ?? Math.round(p.timeMs + elapsedOnItemMs),
    changes: p.choice === null ? p.changes : p.changes + 1,
  };
}
