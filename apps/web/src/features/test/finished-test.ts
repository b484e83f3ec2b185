import { persistent } from '../../lib/storage';

/** Set once a test taken in this browser reached its result: the next start shows the note on retakes. */
const FINISHED_TEST_KEY = 'finished-test';

export function markTestFinished(): void {
  persistent.set(FINISHED_TEST_KEY, true);
}

export function hasFinishedTest(): boolean {
  return persistent.get<boolean>(FINISHED_TEST_KEY) === true;
}
