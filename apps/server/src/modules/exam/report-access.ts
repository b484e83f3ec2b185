import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { REPORT_LINK_PURPOSE, tokenExpiry, verifyToken } from '../../lib/signed-token';
import type { ExamRepository, OrderRow, SessionRow } from './exam-repository';
import { SESSION_COOKIE } from './session-cookie';

export interface ReportAccess {
  /** The visitor's test-session cookie. */
  sessionId?: string | undefined;
  /** The token of an e-mailed report link. */
  token?: string | undefined;
}

/** A request's claim to read reports: its test-session cookie and the e-mailed link's token it carries. */
export function readerOf(
  req: { cookies: Record<string, string | undefined> },
  token: string | undefined,
): ReportAccess {
  return { sessionId: req.cookies[SESSION_COOKIE], token };
}

/**
 * Tokens already verified, with their expiry: a report is read again and again with the same link, and an
 * HMAC per read was a large part of its cost. Bounded; a cleared entry is simply verified again.
 */
const verifiedBySecret = new Map<string, Map<string, number>>();
const VERIFIED_MAX = 10_000;

/** Whether this browser (its test session) or this link (its token, unexpired) may read the order's report. */
export function mayRead(
  d: { secret: string; clock: Clock },
  order: { order_number: string; session_id: string },
  access: ReportAccess,
): boolean {
  if (access.sessionId !== undefined && access.sessionId === order.session_id) return true;
  if (access.token === undefined) return false;
  const now = d.clock.now();
  let verified = verifiedBySecret.get(d.secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(d.secret, verified);
  }
  const key = `${order.order_number}:${access.token}`;
  const until = verified.get(key);
  if (until !== undefined && now < until) return true;
  if (!verifyToken(d.secret, REPORT_LINK_PURPOSE, order.order_number, access.token, now)) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(key, tokenExpiry(access.token));
  return true;
}

/**
 * Who may read a report: the browser that took the test (its session cookie) or the holder of an e-mailed
 * link (its token, until it expires). Unknown order: 404; unpaid: 402; anyone else: 403.
 */
export async function requireReportAccess(
  d: { repo: Pick<ExamRepository, 'findOrder' | 'findSession'>; secret: string; clock: Clock },
  orderNumber: string,
  access: ReportAccess,
): Promise<{ order: OrderRow; session: SessionRow & { result: string } }> {
  const order = await d.repo.findOrder(orderNumber);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'paid') throw new AppError('REPORT_LOCKED');
  if (!mayRead(d, order, access)) throw new AppError('REPORT_ACCESS_DENIED');
  const session = await d.repo.findSession(order.session_id);
  if (!session?.result) throw new AppError('REPORT_LOCKED');
  return { order, session: session as SessionRow & { result: string } };
}

/** `requireReportAccess` bound to the services built on a report (their `ReportDeps` name the parts so). */
export function reportAccessOf(d: {
  exams: Pick<ExamRepository, 'findOrder' | 'findSession'>;
  reportLinkSecret: string;
  clock: Clock;
}) {
  return (orderNumber: string, access: ReportAccess) =>
    requireReportAccess({ repo: d.exams, secret: d.reportLinkSecret, clock: d.clock }, orderNumber, access);
}
