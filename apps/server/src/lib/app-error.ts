import { ERRORS, type ErrorCode } from '@mindgauge/contract';

/** The one error type services throw; the central handler turns it into the wrapper with a 4xx/5xx. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: { issues?: { path: string; message: string }[]; params?: Record<string, unknown> },
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }
}
