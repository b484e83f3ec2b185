import { exportAccount } from '@mindgauge/contract';
import { runtimeConfig } from '../../../lib/runtime-config';

/** The address of the data export: a plain link downloads it (the session cookie goes with it). */
export const exportHref = () => runtimeConfig.apiBase + exportAccount.path;
