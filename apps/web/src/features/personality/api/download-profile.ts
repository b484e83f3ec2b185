import { fileDownInfo } from '@mindgauge/contract';
import { callForFile } from '../../../lib/api-client';

/** Asks for the profile's PDF (the order's report file) and saves it as {orderNumber}.pdf. */
export async function downloadProfilePdf(orderNumber: string, token: string | null): Promise<void> {
  const blob = await callForFile(fileDownInfo, {
    body: token ? { orderNumber, kind: 'report', token } : { orderNumber, kind: 'report' },
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${orderNumber}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
