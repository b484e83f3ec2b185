/** What the sandbox processor's card form posts to the page that frames it. */
export interface SandboxMessage {
  status: 'succeeded' | 'processing' | 'failed' | 'canceled' | null;
  failureCode: string | null;
  height: number | null;
}

const STATUSES = new Set(['succeeded', 'processing', 'failed', 'canceled']);

/** Reads a `message` event's data; anything not from the sandbox form is null (and ignored). */
export function parseSandboxMessage(data: unknown): SandboxMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.source !== 'mindgauge-sandbox') return null;
  const status = typeof d.status === 'string' && STATUSES.has(d.status) ? (d.status as SandboxMessage['status']) : null;
  const failureCode = typeof d.failureCode === 'string' && d.failureCode.length <= 64 ? d.failureCode : null;
  const height =
    typeof d.height === 'number' && Number.isFinite(d.height)
      ? Math.round(Math.min(2000, Math.max(160, d.height)))
      : null;
  return { status, failureCode, height };
}

/** Only http(s) addresses are followed or framed: never `javascript:` or `data:`. */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
