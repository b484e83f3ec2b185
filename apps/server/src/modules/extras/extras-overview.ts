import { type Locale, type TSecondPhaseOrder, UPSELL_STEPS } from '@mindgauge/contract';
import { DEFAULT_PRICE_COUNTRY } from '../checkout/pricing';
import type { ReportAccess } from '../exam/report-access';
import type { ExtrasCatalog } from './extras-catalog';
import type { ExtrasAccess, ExtrasDeps } from './extras-service';
import { oneClick } from './one-click';
import { VIP_PRIVILEGES } from './package-definitions';

const iso = (ms: number) => new Date(ms).toISOString();

/** The order after its first payment: the upsell steps, what it owns, its subscription, VIP and kept method. */
export async function secondPhaseOrder(
  d: ExtrasDeps,
  access: ExtrasAccess,
  catalog: ExtrasCatalog,
  orderNumber: string,
  a: ReportAccess,
  hl: Locale,
): Promise<TSecondPhaseOrder> {
  const { order } = await access(orderNumber, a);
  const inPayingBrowser = oneClick(order, a);
  const [{ packages, entitlements, vip }, subscription, savedMethod] = await Promise.all([
    catalog.packagesFor(order, hl),
    d.subscriptions.forOrder(orderNumber),
    // A link's holder is not offered the kept method (nor shown its label): decision 0018.
    inPayingBrowser ? d.payments.keptMethod(order) : Promise.resolve(null),
  ]);
  const trial =
    inPayingBrowser &&
    subscription?.status === 'trialing' &&
    !subscription.cancelRequested &&
    subscription.planId === 'weekly';
  const weekly = trial
    ? await d.plans.plan(order.exam_id, 'weekly', order.country ?? DEFAULT_PRICE_COUNTRY, order)
    : null;
  return {
    orderNumber,
    status: order.status,
    skuId: (order.sku_id as TSecondPhaseOrder['skuId']) ?? null,
    entitlements: entitlements as TSecondPhaseOrder['entitlements'],
    steps: UPSELL_STEPS.map((step) => {
      if (step === 'skipTrial') {
        return { step, offered: trial, package: null, plan: weekly ? d.plans.present(weekly.item, hl) : null };
      }
      const pkg = packages.find((p) => p.step === step) ?? null;
      return { step, offered: pkg !== null && !pkg.owned, package: pkg, plan: null };
    }),
    subscription,
    vip: vip ? { since: iso(vip.since), until: iso(vip.until) } : null,
    savedMethod,
  };
}

/** Every extra for the order, priced, with what it owns. */
export async function packageList(
  access: ExtrasAccess,
  catalog: ExtrasCatalog,
  orderNumber: string,
  a: ReportAccess,
  hl: Locale,
) {
  const { order } = await access(orderNumber, a);
  return { packages: (await catalog.packagesFor(order, hl)).packages };
}

/** Whether the order's buyer is a member: personal, so for the order's owner only (issue 13). */
export async function vipStatus(access: ExtrasAccess, catalog: ExtrasCatalog, orderNumber: string, a: ReportAccess) {
  const { order } = await access(orderNumber, a);
  const vip = await catalog.activeVip(order);
  return {
    vip: vip !== undefined,
    since: vip ? iso(vip.since) : null,
    until: vip ? iso(vip.until) : null,
    privileges: vip ? [...VIP_PRIVILEGES] : [],
  };
}
