import type { LoaderFunctionArgs } from 'react-router';
import { PersonalityReportScreen, loader as profileLoader } from '../../features/personality/personality-report-route';
import { ShareSection } from '../../features/report/components/share-section';
import { ensurePaidNamespaces } from '../../i18n/i18n';
import type { ScreenContext } from '../screens';

export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  // The share section's common words are the report's (the paid chunk).
  const [data] = await Promise.all([profileLoader(args, ctx), ensurePaidNamespaces()]);
  return data;
}

/** The paid personality profile, and under it sharing the type (the report feature's share section). */
export function Component() {
  return <PersonalityReportScreen afterProfile={(order) => <ShareSection {...order} kind="personality" />} />;
}
