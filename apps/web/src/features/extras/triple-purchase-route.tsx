import { guarded } from '../../components/load-guard';
import { PackageScreen } from './package-route';

export { loader } from './package-route';

/** Three tests for one price: the advanced bundle on its own page. */
export const Component = guarded((props: { data: { hl: import('@mindgauge/contract').Locale } }) => (
  <PackageScreen {...props} fixedStep="advancedBundle" />
));
