import type { Locale, TPackage, TUpsellStep } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import { DEFAULT_PRICE_COUNTRY, lessPercent, priceTableOf } from '../checkout/pricing';
import type { Order as OrderRow } from '../exam/exam-orders';
import type { ExtrasDeps } from './extras-service';
import { DISCOUNT_SKU, MEMBER_PERCENT_OFF, PACKAGE_DEFINITIONS, type PackageDefinition } from './package-definitions';

/** The extras as priced for an order or an upsell step: prices, member discount, VIP and what is owned. */
export function extrasCatalog(d: ExtrasDeps) {
  async function prices(examId: number, country: string) {
    const table = await d.cache.get(`package-prices:${examId}:${country}`, () =>
      priceTableOf(country, (c) => d.repo.packagePrices(examId, c)),
    );
    return table.rows;
  }

  function present(
    def: PackageDefinition,
    price: { currency: string; amount_minor: number },
    locale: Locale,
    owned: boolean,
    memberPercentOff = 0,
  ): TPackage {
    const t = (k: string) => d.translator.t(locale, k);
    return {
      packageId: def.packageId,
      step: def.step,
      title: t(`catalog:packages.${def.packageId}.title`),
      description: t(`catalog:packages.${def.packageId}.description`),
      features: def.features.map((id) => ({
        logoId: id,
        name: t(`catalog:features.${id}.name`),
        content: t(`catalog:features.${id}.content`),
      })),
      unlocks: def.unlocks,
      price: {
        currency: price.currency,
        amount: lessPercent(price.amount_minor, price.currency, memberPercentOff),
        listAmount: price.amount_minor,
      },
      memberPercentOff,
      owned,
    };
  }

  /**
   * The VIP membership an order enjoys: one it bought itself, or one of its address once that address is
   * proven by a followed e-mail link (issue 13: a typed address borrows nobody's membership).
   */
  async function activeVip(order: OrderRow) {
    const email = await d.exams.provenEmail(order);
    return d.repo.activeVip(email, order.order_number, d.clock.now());
  }

  /**
   * Whether a Complete report was ever bought with this order's address: its discount is for good. Only for
   * a proven address (a followed e-mail link), never a typed one (issue 13).
   */
  async function boughtComplete(order: OrderRow): Promise<boolean> {
    const email = await d.exams.provenEmail(order);
    if (!email) return false;
    return d.exams.hasPaidSku(email, DISCOUNT_SKU);
  }

  /**
   * Each extra for the order, priced in the currency of its first payment, with what it already has. Members
   * (see MEMBER_PERCENT_OFF) see and pay the discounted price: the charge is made from this same list.
   */
  async function packagesFor(order: OrderRow, locale: Locale) {
    const [rows, entitlements, vip, complete] = await Promise.all([
      prices(order.exam_id, order.country ?? DEFAULT_PRICE_COUNTRY),
      d.exams.entitlements(order),
      activeVip(order),
      boughtComplete(order),
    ]);
    const byId = new Map(rows.map((r) => [r.package_id, r]));
    const have = new Set(entitlements);
    const percentOff = have.has('discount') || vip !== undefined || complete ? MEMBER_PERCENT_OFF : 0;
    return {
      entitlements,
      vip,
      packages: PACKAGE_DEFINITIONS.flatMap((def) => {
        const price = byId.get(def.packageId);
        if (!price) return [];
        const owned =
          def.grants === 'vip'
            ? vip !== undefined
            : def.grants === 'gift'
              ? false
              : def.unlocks.every((u) => have.has(u));
        return [present(def, price, locale, owned, percentOff)];
      }),
    };
  }

  return {
    present,
    activeVip,
    packagesFor,

    /** An upsell step's offer before any order: the package, or the weekly plan for the trial step. */
    async stepPackage(examId: number, step: TUpsellStep, country: string, hl: Locale) {
      if (step === 'skipTrial') {
        const { item } = await d.plans.plan(examId, 'weekly', country);
        return { step, package: null, plan: d.plans.present(item, hl) };
      }
      const def = PACKAGE_DEFINITIONS.find((p) => p.step === step);
      const price = (await prices(examId, country)).find((r) => r.package_id === def?.packageId);
      if (!def || !price) throw new AppError('SKU_NOT_FOUND');
      return { step, package: present(def, price, hl, false), plan: null };
    },
  };
}
export type ExtrasCatalog = ReturnType<typeof extrasCatalog>;
