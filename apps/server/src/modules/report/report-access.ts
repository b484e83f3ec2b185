import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { REPORT_LINK_PURPOSE, verifyToken } from '../../lib/signed-token';
import type { ExamRepository, OrderRow, SessionRow } from '../exam/exam-repository';

export interface ReportAccess {
  /** The visitor's test-session cookie. */
  sessionId?: string | undefined;
  /** The token of an e-mailed report link. */
  token?: string | undefined;
}

/**
 * Who may read a report: the browser that took the test (its session cookie) or the holder of an e-mailed
 * link (its token, until it expires). Unknown order: 404; unpaid: 402; anyone else: 403.
 */
export async function requireReportAccess(
  d: { repo: ExamRepository; secret: string; clock: Clock },
  orderNumber: string,
  access: ReportAccess,
): Promise<{ order: OrderRow; session: SessionRow & { result: string } }> {
  const order = await d.repo.findOrder(orderNumber);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== 'paid') throw new AppError('REPORT_LOCKED');
  const owner = access.sessionId !== undefined && access.sessionId === order.session_id;
  const linked =
    access.token !== undefined &&
    verifyToken(d.secret, REPORT_LINK_PURPOSE, order.order_number, access.token, d.clock.now());
  if (!owner && !linked) throw new AppError('REPORT_ACCESS_DENIED');
  const session = await d.repo.findSession(order.session_id);
  if (!session?.result) throw new AppError('REPORT_LOCKED');
  return { order, session: session as SessionRow & { result: string } };
}
