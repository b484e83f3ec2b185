import { categoryList, examInfo, type Locale } from '@mindgauge/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

export function categoriesQuery(hl: Locale) {
  return queryOptions({
    queryKey: ['exam', 'categories', hl],
    queryFn: ({ signal }) => call(categoryList, { query: { hl }, signal }),
  });
}

export function examQuery(id: number, hl: Locale) {
  return queryOptions({
    queryKey: ['exam', 'info', id, hl],
    queryFn: ({ signal }) => call(examInfo, { params: { id }, query: { hl }, signal }),
  });
}

export function useCategories(hl: Locale) {
  return useSuspenseQuery(categoriesQuery(hl));
}
