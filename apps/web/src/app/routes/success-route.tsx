import { guarded } from '../../components/load-guard';
import { type SuccessData, SuccessScreen, type SuccessSlots } from '../../features/payment/success-route';
import { SubscriptionStarted } from '../../features/plans/components/subscription-started';

export { loader } from '../../features/payment/success-route';

const slots: SuccessSlots = { SubscriptionStarted };

/** Payment successful: the report countdown, a copy by e-mail, and what a started plan means. */
export const Component = guarded((props: { data: SuccessData }) => <SuccessScreen {...props} slots={slots} />);
