/**
 * App Doc, the user guide shipped in docs/app-doc (one Markdown file per page, named <slug>.md):
 * which page documents which screen, and which page holds each group's daily tasks. The help link
 * of every screen's header and the App Doc index both read this one map; a server test checks that
 * every shell route has a page and every page here has its file.
 */
import type { Group } from './permissions';

/** Screen path → the slug of its App Doc page. Pages under a path (one record) share its page. */
export const APP_DOC_SCREEN_PAGES: Readonly<Record<string, string>> = {
  '/auth': 'sign-in',
  '/recover': 'sign-in',
  '/invitation': 'sign-in',
  '/account': 'account',
  '/admin-dashboard': 'admin-dashboard',
  '/factory-dashboard': 'factory-dashboard',
  '/users': 'users',
  '/users/profiles': 'user-profiles',
  '/customers': 'customers',
  '/factory': 'factory',
  '/stove-id/management': 'stove-id-management',
  '/stove-id/labels': 'stove-id-management',
  '/stove-id/transfer': 'stove-transfer',
  '/stove-id/transfer-confirmations': 'transfer-confirmations',
  '/stove-id/transfer-history': 'transfer-history',
  '/stove-id/validate': 'validate-stove-ids',
  '/production': 'production-overview',
  '/production/submit-report': 'daily-production-report',
  '/production/stove-report': 'submit-production-report',
  '/production/productivity-settings': 'productivity-settings',
  '/production/productivity-tracker': 'productivity-tracker',
  '/ckd': 'ckd-management',
  '/ckd/report': 'ckd-report',
  '/ckd/transfer': 'ckd-transfer',
  '/ckd/factory-report': 'factory-ckd-report',
  '/ckd/categories': 'ckd-categories',
  '/ckd/produced-records': 'produced-ckd-records',
  '/steel': 'steel-overview',
  '/steel/categories': 'steel-categories',
  '/steel/records': 'steel-records',
  // The eight inventory routes are one screen, a tab per route.
  '/inventory/management': 'inventory',
  '/inventory/categories': 'inventory',
  '/inventory/units': 'inventory',
  '/inventory/names': 'inventory',
  '/inventory/input': 'inventory',
  '/inventory/remove': 'inventory',
  '/inventory/transfer': 'inventory',
  '/inventory/transfer-history': 'inventory',
  '/sales': 'sales-management',
  '/sales/packages': 'sales-packages',
  '/sales/categories': 'sales-categories',
  '/sales/price-allocation': 'price-allocation',
  '/sales/sales-order': 'sales-order',
  '/sales/sales-report': 'sales-report',
  '/sales/canceled-sales': 'canceled-sales',
  '/carbon/end-users': 'carbon-end-users',
  '/carbon/sales-record': 'carbon-sales-record',
  '/carbon/cohorts': 'carbon-cohorts',
  '/carbon/surveys': 'carbon-surveys',
  '/announcements': 'announcements',
  '/calendar': 'calendar',
  '/documentation': 'documentation',
  '/app-doc': 'app-doc',
};

/** Each group's daily tasks. */
export const APP_DOC_GROUP_PAGES: Readonly<Record<Group, string>> = {
  Admin: 'group-admin',
  'Factory Manager': 'group-factory-manager',
  'Senior Sales Manager': 'group-senior-sales-manager',
  'Senior Production Manager': 'group-senior-production-manager',
  'Senior Production Supervisor': 'group-senior-production-supervisor',
  'Production Manager': 'group-production-manager',
  'Production Supervisor': 'group-production-supervisor',
  'Stove Coupler': 'group-stove-coupler',
  'Sales Manager': 'group-sales-manager',
  'Sales Officer': 'group-sales-officer',
};

/**
 * The App Doc page of the screen at `pathname`: its own, or that of the longest screen path it
 * lies under (/sales/sales-order/123 → sales-order); undefined for none.
 */
export function appDocSlugFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | undefined;
  for (const screen of Object.keys(APP_DOC_SCREEN_PAGES)) {
    if ((path === screen || path.startsWith(`${screen}/`)) && (!best || screen.length > best.length)) best = screen;
  }
  return best ? APP_DOC_SCREEN_PAGES[best] : undefined;
}
