import { buySkuPackage, type Locale, type TPackageId } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Buys an extra, on the visitor's click: at once on the kept method, else through the processor's step. */
export function buyExtra(body: { orderNumber: string; packageId: TPackageId; token: string | null; hl: Locale }) {
  const { token, ...rest } = body;
  return call(buySkuPackage, { body: { ...rest, ...(token ? { token } : {}) } });
}
