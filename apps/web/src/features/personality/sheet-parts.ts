/** The questionnaire is shown in parts of this many statements (the server keeps it as one sheet). */
export const STATEMENTS_PER_PART = 10;

export function partCountOf(statements: number): number {
  return Math.max(1, Math.ceil(statements / STATEMENTS_PER_PART));
}

/** The part to resume on: the first with an unanswered statement (the last part when all are answered). */
export function resumePart(ids: readonly string[], answered: (id: string) => boolean): number {
  const first = ids.findIndex((id) => !answered(id));
  return first === -1 ? partCountOf(ids.length) - 1 : Math.floor(first / STATEMENTS_PER_PART);
}
