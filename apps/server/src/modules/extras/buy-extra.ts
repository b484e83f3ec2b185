import type { Locale, TEntitlement, TPackageId } from '@mindgauge/contract';
import { AppError } from '../../lib/app-error';
import type { ReportAccess } from '../exam/report-access';
import type { ExtrasCatalog } from './extras-catalog';
import type { ExtrasAccess, ExtrasDeps } from './extras-service';
import { oneClick } from './one-click';

/** Buys an extra for an order: charged on the kept method in the paying browser, else the processor's step. */
export async function buyExtra(
  d: ExtrasDeps,
  access: ExtrasAccess,
  catalog: ExtrasCatalog,
  orderNumber: string,
  packageId: TPackageId,
  a: ReportAccess,
  hl: Locale,
) {
  const { order } = await access(orderNumber, a);
  const { packages } = await catalog.packagesFor(order, hl);
  const pkg = packages.find((p) => p.packageId === packageId);
  if (!pkg) throw new AppError('SKU_NOT_FOUND');
  if (pkg.owned) throw new AppError('PACKAGE_OWNED');
  const result = await d.payments.createExtra({
    order,
    packageId,
    amountMinor: pkg.price.amount,
    currency: pkg.price.currency,
    hl,
    oneClick: oneClick(order, a),
  });
  return { ...result, entitlements: (await d.exams.entitlements(order)) as TEntitlement[] };
}
