/** A report's reads and writes carry its link token when the visitor came by a link (no session of theirs). */
export const withToken = <T extends object>(o: T, token: string | null) => (token ? { ...o, token } : o);
