/** Stable codes a server can map to a 4xx response. */
export type PsychometricsInputErrorCode =
  | 'invalid_session'
  | 'wrong_item_count'
  | 'unknown_item'
  | 'duplicate_item'
  | 'option_out_of_range'
  | 'negative_time'
  | 'invalid_number'
  | 'invalid_likert_value'
  | 'invalid_response_matrix'
  | 'invalid_options'
  | 'invalid_task';

/** Thrown when a caller passes malformed input; never thrown for valid data. */
export class PsychometricsInputError extends Error {
  readonly code: PsychometricsInputErrorCode;
  /** Offending item id or field, when there is one. */
  readonly detail: string | undefined;

  constructor(code: PsychometricsInputErrorCode, message: string, detail?: string) {
    super(message);
    this.name = 'PsychometricsInputError';
    this.code = code;
    this.detail = detail;
  }
}
