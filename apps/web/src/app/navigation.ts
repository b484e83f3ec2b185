import type { RouteKey, RouteParams } from './paths';

export interface NavItem {
  label: string;
  route: RouteKey;
  params?: RouteParams;
}

/**
 * The header navigation of section 2, in its order, each pointing at the screen that serves it. Entries
 * whose screen is not built yet are not shown (see screens.ts), so no link leads to a dead end.
 */
export const NAV_ITEMS: NavItem[] = [
  { label: 'nav.home', route: 'home' },
  { label: 'nav.personalityTypes', route: 'landing', params: { variant: 'types' } },
  { label: 'nav.professionalTests', route: 'landing', params: { variant: 'test_center' } },
  { label: 'nav.retrieveReport', route: 'reportRetrieve' },
  { label: 'nav.myStore', route: 'userInfo' },
  { label: 'nav.vipCentre', route: 'payinsider' },
  { label: 'nav.advancedServices', route: 'payingPackage' },
  { label: 'nav.resourcesDownload', route: 'reportDownload' },
  { label: 'nav.psychologyLab', route: 'reportFreeTest' },
  { label: 'nav.freeTests', route: 'members' },
  { label: 'nav.advancedCentre', route: 'userSetting' },
  { label: 'nav.help', route: 'help' },
  { label: 'nav.loginRegister', route: 'userLogin' },
];
