import { helpInfo, type Locale } from '@mindgauge/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function helpArticleQuery(id: number, hl: Locale) {
  return queryOptions({
    queryKey: ['help', 'article', id, hl],
    queryFn: ({ signal }) => call(helpInfo, { params: { id }, query: { hl }, signal }),
  });
}

export function useHelpArticle(id: number, hl: Locale) {
  return useSuspenseQuery(helpArticleQuery(id, hl));
}
