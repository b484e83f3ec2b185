import type { LoaderFunctionArgs } from 'react-router';
import { ReviewForm } from '../../features/growth/review-form';
import { ReportResultScreen, loader as reportLoader } from '../../features/report/report-result-route';
import { ensureGrowthNamespace } from '../../i18n/i18n';
import type { ScreenContext } from '../screens';

export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  const [data] = await Promise.all([reportLoader(args, ctx), ensureGrowthNamespace()]);
  return data;
}

/** The report, and under its overview the buyer's review form (held for moderation). */
export function Component() {
  return <ReportResultScreen afterOverview={(order) => <ReviewForm {...order} />} />;
}
