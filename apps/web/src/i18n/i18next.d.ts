import type { UiResources } from '@mindgauge/locales';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: UiResources;
  }
}
