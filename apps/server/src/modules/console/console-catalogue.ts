import {
  DEFAULT_EXAM_ID,
  type Locale,
  PERSONALITY_EXAM_ID,
  type TConsoleCatalogue,
  type TConsolePlanPrice,
  type TConsoleTierPrice,
  type TSku,
} from '@mindgauge/contract';

interface TierPriceRow {
  exam_id: number;
  sku_id: string;
  country: string;
  currency: string;
  list_minor: number;
  offer_minor: number;
}

/** The catalogue's own service (modules/checkout): the console only asks it and writes the audit row. */
export interface CatalogueDesk {
  prices(examId: number): Promise<TierPriceRow[]>;
  setPrice(p: {
    examId: number;
    skuId: string;
    country: string;
    list: number;
    offer: number;
  }): Promise<{ before: TierPriceRow; after: TierPriceRow }>;
  offerMinutes(): Promise<number>;
  setOfferMinutes(minutes: number): Promise<{ before: number; after: number }>;
  /** The price list a new visitor from a country sees, by the visitor's own code path. */
  preview(
    examId: number,
    country: string,
    locale: Locale,
  ): Promise<{ country: string; currency: string; duringOffer: TSku[]; afterOffer: TSku[] }>;
}

export interface PlanPriceRow {
  exam_id: number;
  plan_id: string;
  country: string;
  currency: string;
  amount_minor: number;
  trial_amount_minor: number | null;
}

export interface Actor {
  id: string;
  email: string;
}

/** The exams that sell reports, each with its own tiers (IQ and personality). */
const EXAMS = [DEFAULT_EXAM_ID, PERSONALITY_EXAM_ID];

const presentTier = (r: TierPriceRow): TConsoleTierPrice => ({
  examId: r.exam_id,
  skuId: r.sku_id,
  country: r.country,
  currency: r.currency,
  listMinor: r.list_minor,
  offerMinor: r.offer_minor,
});

const presentPlan = (p: PlanPriceRow): TConsolePlanPrice => ({
  examId: p.exam_id,
  planId: p.plan_id,
  country: p.country,
  currency: p.currency,
  amountMinor: p.amount_minor,
  trialAmountMinor: p.trial_amount_minor,
});

/**
 * The console's catalogue screen (issue 21): reads prices and the offer's length, and makes each change
 * through the catalogue's service with one audit row holding the value before and after.
 */
export function consoleCatalogue(d: {
  catalogue: CatalogueDesk;
  /** The plans' prices (the subscriptions module's plan catalogue). */
  plans: {
    allPrices(): Promise<PlanPriceRow[]>;
    setPrice(p: {
      examId: number;
      planId: string;
      country: string;
      amount: number;
      trial: number | null;
    }): Promise<{ before: PlanPriceRow; after: PlanPriceRow }>;
  };
  audit(actor: Actor, action: string, target: string, before: unknown, after: unknown): Promise<void>;
}) {
  return {
    async read(): Promise<TConsoleCatalogue> {
      const [offerMinutes, plans, ...tiers] = await Promise.all([
        d.catalogue.offerMinutes(),
        d.plans.allPrices(),
        ...EXAMS.map((examId) => d.catalogue.prices(examId)),
      ]);
      return {
        offerMinutes,
        tiers: tiers.flat().map(presentTier),
        plans: plans.map(presentPlan),
      };
    },

    preview: (examId: number, country: string, locale: Locale) => d.catalogue.preview(examId, country, locale),

    async setPrice(
      actor: Actor,
      p: { examId: number; skuId: string; country: string; listMinor: number; offerMinor: number },
    ) {
      const { before, after } = await d.catalogue.setPrice({
        examId: p.examId,
        skuId: p.skuId,
        country: p.country,
        list: p.listMinor,
        offer: p.offerMinor,
      });
      const shown = presentTier(after);
      // One row per change: saving the same prices again changed nothing.
      if (before.list_minor !== after.list_minor || before.offer_minor !== after.offer_minor) {
        await d.audit(
          actor,
          'catalogue.price',
          `price:${p.examId}:${p.skuId}:${p.country}`,
          presentTier(before),
          shown,
        );
      }
      return shown;
    },

    /** A plan's price for new orders; orders that saw the old one and started subscriptions keep theirs. */
    async setPlanPrice(
      actor: Actor,
      p: { examId: number; planId: string; country: string; amountMinor: number; trialAmountMinor: number | null },
    ) {
      const { before, after } = await d.plans.setPrice({
        examId: p.examId,
        planId: p.planId,
        country: p.country,
        amount: p.amountMinor,
        trial: p.trialAmountMinor,
      });
      const shown = presentPlan(after);
      if (before.amount_minor !== after.amount_minor || before.trial_amount_minor !== after.trial_amount_minor) {
        await d.audit(
          actor,
          'catalogue.planPrice',
          `plan-price:${p.examId}:${p.planId}:${p.country}`,
          presentPlan(before),
          shown,
        );
      }
      return shown;
    },

    async setOfferMinutes(actor: Actor, minutes: number) {
      const { before, after } = await d.catalogue.setOfferMinutes(minutes);
      if (before !== after)
        await d.audit(actor, 'catalogue.offer', 'catalogue:offer', { offerMinutes: before }, { offerMinutes: after });
      return { offerMinutes: after };
    },
  };
}
