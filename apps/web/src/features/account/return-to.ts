/**
 * Where to go after login: the page the visitor came from (`?from=`), only if it is a path of this site
 * (never another site: `//evil.example` or `https://…` is an open redirect), and never back to a sign-in page.
 */
export function safeReturnTo(from: string | null, fallback: string): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  if (/^\/user\/(login|register|forgot-password)\//.test(from)) return fallback;
  return from;
}
