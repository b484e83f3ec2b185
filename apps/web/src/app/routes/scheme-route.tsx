import { guarded } from '../../components/load-guard';
import { SchemeScreen, type SchemeSlots } from '../../features/payment/scheme-route';
import { PlanCards } from '../../features/plans/components/plan-card';
import type { PricingPageData } from '../../lib/checkout-search';

export { loader } from '../../features/payment/scheme-route';

const slots: SchemeSlots = { PlanCards };

/** Report selection: the four tiers, the offer countdown, a promo code, the plans, reviews and the terms. */
export const Component = guarded((props: { data: PricingPageData }) => <SchemeScreen {...props} slots={slots} />);
