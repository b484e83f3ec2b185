import {
  certificateVerify,
  createShare as createShareEndpoint,
  fileDownInfo,
  type Locale,
  revokeShare as revokeShareEndpoint,
  sharedResult,
  shareList,
} from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, callForFile } from '../../../lib/api-client';

const withToken = <T extends object>(o: T, token: string | null) => (token ? { ...o, token } : o);

/** Asks for a file of the report and saves it (the spec: a POST whose blob is saved as {orderNumber}.pdf). */
export async function downloadFile(input: {
  orderNumber: string;
  kind: 'report' | 'certificate';
  name?: string;
  token: string | null;
}): Promise<void> {
  const blob = await callForFile(fileDownInfo, {
    body: withToken(
      { orderNumber: input.orderNumber, kind: input.kind, ...(input.name ? { name: input.name } : {}) },
      input.token,
    ),
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = input.kind === 'report' ? `${input.orderNumber}.pdf` : `${input.orderNumber}-certificate.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const shareListQuery = (orderNumber: string, token: string | null) =>
  queryOptions({
    queryKey: ['report', 'shares', orderNumber, token],
    queryFn: ({ signal }) => call(shareList, { params: { orderNumber }, query: withToken({}, token), signal }),
  });

export function createShare(orderNumber: string, token: string | null, showScore: boolean, hl: Locale) {
  return call(createShareEndpoint, { body: withToken({ orderNumber, showScore, hl }, token) });
}

export function revokeShare(orderNumber: string, token: string | null, shareId: string) {
  return call(revokeShareEndpoint, { body: withToken({ orderNumber, shareId }, token) });
}

export const sharedResultQuery = (shareId: string, hl: Locale) =>
  queryOptions({
    queryKey: ['report', 'shared', shareId, hl],
    queryFn: ({ signal }) => call(sharedResult, { params: { shareId }, query: { hl }, signal }),
  });

export const certificateQuery = (serial: string, hl: Locale) =>
  queryOptions({
    queryKey: ['report', 'certificate', serial, hl],
    queryFn: ({ signal }) => call(certificateVerify, { params: { serial }, query: { hl }, signal }),
  });
