import { persistent } from '../../lib/storage';

/**
 * Whether this browser went through the instructions and the practice puzzle ("Start part 1"): only that
 * starts a test session (and its clock). A direct visit or a bookmark to the question screen without it goes to
 * the instructions first instead of silently starting the timer; a session already started is resumed.
 */
const PRACTICE_KEY = 'practice-passed';

export function markPracticePassed(): void {
  persistent.set(PRACTICE_KEY, true);
}

export function hasPassedPractice(): boolean {
  return persistent.get<boolean>(PRACTICE_KEY) === true;
}
