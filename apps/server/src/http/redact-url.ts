/** Query parameters that carry a secret (report, cancel and confirmation links): never written to a log. */
const SECRET_PARAMS = /([?&](?:token|confirm)=)[^&#]*/gi;

/** A request URL as the logs may keep it: link tokens replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
