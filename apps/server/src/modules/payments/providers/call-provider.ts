import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';

/**
 * Runs a processor call: an unreachable or failing processor is a clear 502 (`PAYMENT_PROVIDER_ERROR`), never
 * a 500; our own errors pass through as they are.
 */
export async function callProvider<T>(call: () => Promise<T>, log?: FastifyBaseLogger): Promise<T> {
  try {
    return await call();
  } catch (err) {
    log?.warn({ err }, 'payment processor call failed');
    if (err instanceof AppError) throw err;
    throw new AppError('PAYMENT_PROVIDER_ERROR');
  }
}
