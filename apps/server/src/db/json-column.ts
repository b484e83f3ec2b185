import { z } from 'zod';

/** A stored JSON column whose content does not have the shape the code reads: a server fault, said loudly. */
export class StoredJsonError extends Error {
  constructor(column: string, detail: string) {
    super(`stored JSON of ${column} does not have the expected shape: ${detail}`);
    this.name = 'StoredJsonError';
  }
}

/**
 * Parses a JSON column with its schema where it is read: an old row with another shape fails here, naming
 * the column, instead of travelling on as a wrong type (decision 0016).
 */
export function parseJsonColumn<S extends z.ZodType>(schema: S, column: string, text: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StoredJsonError(column, (err as Error).message);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredJsonError(column, z.prettifyError(parsed.error));
  return parsed.data;
}
