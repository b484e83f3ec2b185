import { pageUrl } from '../../lib/page-url';

/** The landing that redeems a gift code, in the giver's language. */
export const giftUrl = (publicUrl: string, examId: number, code: string, hl: string) =>
  pageUrl(publicUrl, 'landing', examId, { gift: code, hl }, { variant: 'test_center' });
