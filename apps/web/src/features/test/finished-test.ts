import { persistent } from '../../lib/storage';

/**
 * The order of the last test taken in this browser that reached its result (after the e-mail step): the next
 * "Start the test" begins a new test, with the note on retakes. A scored test without an e-mail yet is not
 * finished: starting again leads back to its e-mail step, so an unpaid result is never lost by a click.
 */
const FINISHED_TEST_KEY = 'finished-test';

export function markTestFinished(orderNumber: string): void {
  persistent.set(FINISHED_TEST_KEY, orderNumber);
}

export function hasFinishedTest(): boolean {
  return typeof persistent.get<string>(FINISHED_TEST_KEY) === 'string';
}

export function isFinishedOrder(orderNumber: string | null): boolean {
  return orderNumber !== null && persistent.get<string>(FINISHED_TEST_KEY) === orderNumber;
}
