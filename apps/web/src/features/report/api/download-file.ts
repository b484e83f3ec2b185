import { fileDownInfo } from '@mindgauge/contract';
import { callForFile } from '../../../lib/api-client';
import { withToken } from './with-token';

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
