import { buyPlanSku as buyPlanSkuEndpoint, type Locale, type TPlanId } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Skips the trial (the plan's own id) or moves to the daily-rate plan, charged now. */
export function buyPlanSku(body: { orderNumber: string; planId: TPlanId; token: string | null; hl: Locale }) {
  const { token, ...rest } = body;
  return call(buyPlanSkuEndpoint, { body: { ...rest, ...(token ? { token } : {}) } });
}
