import { DEFAULT_APP_CODE } from '@mindgauge/contract';

/**
 * An absolute address of one of the web app's pages, for links that leave the site (e-mails, processors'
 * return addresses): every page path ends in the `{code}-{examId}` scope (spec, section 2).
 */
export function pageUrl(publicUrl: string, page: string, examId: number, query: Record<string, string>): string {
  return `${publicUrl}/${page}/${DEFAULT_APP_CODE}-${examId}?${new URLSearchParams(query).toString()}`;
}
