import {
  buyPlanSku as buyPlanSkuEndpoint,
  buySkuPackage,
  type Locale,
  presenterList as presenterListEndpoint,
  redeemGift as redeemGiftEndpoint,
  secondPhaseOrder,
  type TPackageId,
  type TPlanId,
  vipStatus as vipStatusEndpoint,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A paid order's upsell steps and what it has (the report's own access: this browser, or a link's token). */
export function secondPhaseQuery(orderNumber: string, token: string | null, hl: Locale) {
  return queryOptions({
    queryKey: ['extras', 'order', orderNumber, token, hl],
    queryFn: ({ signal }) =>
      call(secondPhaseOrder, {
        params: { orderNumber },
        query: token ? { token, hl } : { hl },
        signal,
      }),
  });
}

/** Buys an extra, on the visitor's click: at once on the kept method, else through the processor's step. */
export function buyExtra(body: { orderNumber: string; packageId: TPackageId; token: string | null; hl: Locale }) {
  const { token, ...rest } = body;
  return call(buySkuPackage, { body: { ...rest, ...(token ? { token } : {}) } });
}

/** Skips the trial (the plan's own id) or moves to the daily-rate plan, charged now. */
export function buyPlanSku(body: { orderNumber: string; planId: TPlanId; token: string | null; hl: Locale }) {
  const { token, ...rest } = body;
  return call(buyPlanSkuEndpoint, { body: { ...rest, ...(token ? { token } : {}) } });
}

export function presenterList(orderNumber: string, token: string | null, hl: Locale) {
  return call(presenterListEndpoint, { params: { orderNumber }, query: token ? { token, hl } : { hl } });
}

export function vipStatus(orderNumber: string, token: string | null) {
  return call(vipStatusEndpoint, { params: { examOrderNumber: orderNumber }, query: token ? { token } : {} });
}

/** Redeems a gift code on the visitor's own finished test. */
export function redeemGift(orderNumber: string, code: string) {
  return call(redeemGiftEndpoint, { body: { orderNumber, code } });
}
