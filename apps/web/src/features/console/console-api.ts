import {
  consoleAudit,
  consoleCatalogue,
  consoleCatalogueOffer,
  consoleCataloguePlanPrice,
  consoleCataloguePreview,
  consoleCataloguePrice,
  consoleFunnel,
  consoleFunnelCsv,
  consoleMail,
  consoleMailRetry,
  consoleMe,
  consoleOrder,
  consoleOrders,
  consolePromoCreate,
  consolePromoExpire,
  consolePromoList,
  consoleRefund,
  consoleResendReport,
  consoleReviewApprove,
  consoleReviewReject,
  consoleReviewReply,
  consoleReviews,
  consoleReviewsRemoveDemo,
  consoleSubscriptionCancel,
  consoleSubscriptionRefund,
  consoleSubscriptions,
  consoleTicketDone,
  consoleTicketReply,
  consoleTickets,
  consoleTotpEnrol,
  consoleTotpVerify,
  type Locale,
  type TPlanId,
  type TSkuId,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, callForFile } from '../../lib/api-client';

/** The console's calls: every one is refused by the server unless an operator passed the second factor. */
export const meQuery = () =>
  queryOptions({ queryKey: ['console', 'me'], queryFn: () => call(consoleMe), retry: false });
export const enrolTotp = () => call(consoleTotpEnrol);
export const verifyTotp = (code: string) => call(consoleTotpVerify, { body: { code } });

export const ordersQuery = (q: { q?: string; from?: string; to?: string }) =>
  queryOptions({ queryKey: ['console', 'orders', q], queryFn: () => call(consoleOrders, { query: q }) });
export const orderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: ['console', 'order', orderNumber],
    queryFn: () => call(consoleOrder, { params: { orderNumber } }),
  });
export const refundOrder = (orderNumber: string, revokeAccess: boolean) =>
  call(consoleRefund, { params: { orderNumber }, body: { revokeAccess } });
export const resendReport = (orderNumber: string) => call(consoleResendReport, { params: { orderNumber } });

export const promosQuery = () =>
  queryOptions({ queryKey: ['console', 'promos'], queryFn: () => call(consolePromoList) });
export const createPromo = (body: {
  code: string;
  percentOff: number;
  expiresAt: string | null;
  maxRedemptions: number | null;
}) => call(consolePromoCreate, { body });
export const expirePromo = (code: string) => call(consolePromoExpire, { params: { code } });

export const ticketsQuery = (status: 'open' | 'done' | 'all') =>
  queryOptions({
    queryKey: ['console', 'tickets', status],
    queryFn: () => call(consoleTickets, { query: { status } }),
  });
export const replyToTicket = (id: string, message: string) =>
  call(consoleTicketReply, { params: { id }, body: { message } });
export const closeTicket = (id: string) => call(consoleTicketDone, { params: { id } });

type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';
export const mailQuery = (status: MailStatus | undefined) =>
  queryOptions({
    queryKey: ['console', 'mail', status ?? 'all'],
    queryFn: () => call(consoleMail, { query: status ? { status } : {} }),
  });
export const retryMail = (id: number) => call(consoleMailRetry, { params: { id } });

export const auditQuery = () =>
  queryOptions({ queryKey: ['console', 'audit'], queryFn: () => call(consoleAudit, { query: {} }) });

export const reviewsQuery = () =>
  queryOptions({ queryKey: ['console', 'reviews'], queryFn: () => call(consoleReviews) });
export const approveReview = (id: number) => call(consoleReviewApprove, { params: { id } });
export const rejectReview = (id: number) => call(consoleReviewReject, { params: { id } });
export const replyToReview = (id: number, message: string) =>
  call(consoleReviewReply, { params: { id }, body: { message } });
export const removeDemoReviews = () => call(consoleReviewsRemoveDemo);

export const subscriptionsQuery = (email: string) =>
  queryOptions({
    queryKey: ['console', 'subscriptions', email],
    queryFn: () => call(consoleSubscriptions, { query: { email } }),
  });
export const cancelSubscription = (id: string) => call(consoleSubscriptionCancel, { params: { id } });
export const refundRenewal = (id: string, chargeId: string) =>
  call(consoleSubscriptionRefund, { params: { id, chargeId } });

export const funnelQuery = (range: { from: string; to: string }) =>
  queryOptions({ queryKey: ['console', 'funnel', range], queryFn: () => call(consoleFunnel, { query: range }) });
/** The funnel's CSV, saved by the browser as funnel-{from}-{to}.csv. */
export async function downloadFunnelCsv(range: { from: string; to: string }): Promise<void> {
  const blob = await callForFile(consoleFunnelCsv, { query: range });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `funnel-${range.from}-${range.to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const catalogueQuery = () =>
  queryOptions({ queryKey: ['console', 'catalogue'], queryFn: () => call(consoleCatalogue) });
/** The price list a new visitor from a country sees, by the visitor's own pricing code (server side). */
export const cataloguePreviewQuery = (examId: number, country: string, hl: Locale) =>
  queryOptions({
    queryKey: ['console', 'catalogue', 'preview', examId, country, hl],
    queryFn: () => call(consoleCataloguePreview, { params: { examId, country, hl } }),
  });
export const setTierPrice = (body: {
  examId: number;
  skuId: TSkuId;
  country: string;
  listMinor: number;
  offerMinor: number;
}) => call(consoleCataloguePrice, { body });
export const setPlanPrice = (body: {
  examId: number;
  planId: TPlanId;
  country: string;
  amountMinor: number;
  trialAmountMinor: number | null;
}) => call(consoleCataloguePlanPrice, { body });
export const setOfferMinutes = (minutes: number) => call(consoleCatalogueOffer, { body: { minutes } });
