import { z } from 'zod';

/** `payments.consent` of a plan's first payment: the recurring terms shown next to the button. */
export const ZStoredPlanConsent = z.looseObject({
  shownRecurringAmount: z.int(),
  interval: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
  intervalCount: z.int(),
  trialDays: z.int(),
});

/** `payments.consent` of any payment, read for the recurring amount a plan payment may carry. */
export const ZStoredConsent = z.looseObject({ shownRecurringAmount: z.optional(z.int()) });
