import { parseScope, type Scope } from '@mindgauge/contract';
import { useParams } from 'react-router';
import { readConfig } from '../lib/persisted-config';
import { DEFAULT_SCOPE } from './paths';

/** The `{code}-{examId}` of the current page, else the one stored from the visitor's landing page. */
export function useScope(): Scope & { value: string } {
  const { scope } = useParams();
  const parsed = parseScope(scope);
  if (parsed) return { ...parsed, value: scope as string };
  const config = readConfig();
  const stored = parseScope(`${config.appCode}-${config.examId}`);
  return stored
    ? { ...stored, value: `${stored.code}-${stored.examId}` }
    : { ...parseScope(DEFAULT_SCOPE)!, value: DEFAULT_SCOPE };
}
