import type { LoaderFunctionArgs } from 'react-router';
import { SharedType } from '../../features/personality/components/shared-type';
import { SharedIqResult, loader as sharedLoader, useSharedResult } from '../../features/report/shared-route';
import { ensurePersonalityNamespaces } from '../../i18n/i18n';
import type { ScreenContext } from '../screens';

export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  // The personality texts are a small chunk of their own; a shared type needs them, an IQ result does not.
  const [data] = await Promise.all([sharedLoader(args, ctx), ensurePersonalityNamespaces()]);
  return data;
}

/** A share link's page: the IQ result, or the personality type (each drawn by its own feature). */
export function Component() {
  const result = useSharedResult();
  const personality = result.personality;
  return personality ? <SharedType result={{ ...result, personality }} /> : <SharedIqResult result={result} />;
}
