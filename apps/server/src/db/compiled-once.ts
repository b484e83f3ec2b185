import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A hot query built and compiled to SQL once, then run with each call's arguments. Kysely builds an
 * operation tree and compiles it on every call: for the reads each answer and each resume make (a session
 * by id, its answers, its order) that was more CPU than SQLite's own work (bench/complete-visitors.ts).
 *
 * `build` is called once with placeholders (unique strings) in place of the arguments; each parameter of the
 * compiled statement that is a placeholder takes the matching argument, any other stays the constant it was.
 * The statement text comes from the database's own compiler, so it suits SQLite and PostgreSQL alike.
 */
export function compiledOnce<DB, A extends string[], R>(
  db: Kysely<DB>,
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; slots: (number | undefined)[] } | undefined;
  const compile = () => {
    // No NUL bytes: PostgreSQL refuses them in a text parameter, and a query-plan check may run this form.
    const placeholders = Array.from({ length: arity }, (_, i) => `compiled-once:arg${i}:placeholder`) as A;
    const query = build(...placeholders).compile();
    const slots = query.parameters.map((p) => {
      const i = placeholders.indexOf(p as string);
      return i === -1 ? undefined : i;
    });
    // Every argument must reach the statement (one used in two places is fine).
    for (let i = 0; i < arity; i++) {
      if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} does not reach the statement`);
    }
    return { query, slots };
  };
  return async (...args: A) => {
    compiled ??= compile();
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, j) => {
      const slot = slots[j];
      return slot === undefined ? p : args[slot];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
