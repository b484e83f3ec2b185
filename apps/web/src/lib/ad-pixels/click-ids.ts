import type { AdProvider } from '@mindgauge/contract';

/**
 * The providers whose click identifier is present (spec sections 3 and 5), in the kept query parameters
 * (this URL's, then those remembered from earlier pages). `pixel_id` with `click_id` counts for the
 * configured provider whose pixel id it names. `clickParams` is the contract's AD_CLICK_PARAMS (passed in:
 * the tracker's chunk imports nothing the first load already has).
 */
export function providersWithClick(
  ids: Partial<Record<AdProvider, string>>,
  kept: Record<string, string>,
  clickParams: Record<AdProvider, readonly string[]>,
): AdProvider[] {
  return (Object.keys(clickParams) as AdProvider[]).filter((p) => {
    const id = ids[p];
    if (!id) return false;
    if (clickParams[p].some((name) => Boolean(kept[name]))) return true;
    return Boolean(kept.click_id) && kept.pixel_id === id;
  });
}
