/**
 * Groups, permissions, the menu model and the landing rule.
 *
 * Pure and shared: the server computes effective permissions with it, the web
 * client renders the menu and picks the landing page with it. Sources: spec
 * section 6 (groups, components, overrides, menu hiding) and section 2 (routes,
 * landing table); DOMAIN.md §3 (default base access, menu items).
 */

export const GROUPS = [
  'Admin',
  'Factory Manager',
  'Senior Sales Manager',
  'Senior Production Manager',
  'Senior Production Supervisor',
  'Production Manager',
  'Production Supervisor',
  'Stove Coupler',
  'Sales Manager',
  'Sales Officer',
] as const;
export type Group = (typeof GROUPS)[number];

export function isGroup(value: string): value is Group {
  return (GROUPS as readonly string[]).includes(value);
}

/** Components checked per group by the server (spec §6 "Base permissions"). */
export const COMPONENTS = [
  'dashboard',
  'user-management',
  'customer-management',
  'factory-management',
  'stove-id-management',
  'production-management',
  'productivity-settings',
  'productivity-tracker',
  'ckd-management',
  'ckd-categories',
  'produced-ckd-records',
  'steel-management',
  'steel-categories',
  'steel-records',
  'inventory-management',
  'sales-management',
  'sales-packages',
  'sales-categories',
  'price-allocation',
  'sales-order',
  'sales-report',
  'carbon-programme',
  'announcement-management',
  'calendar-management',
  'system-documentation',
  'app-doc',
] as const;
export type Component = (typeof COMPONENTS)[number];

export function isComponent(value: string): value is Component {
  return (COMPONENTS as readonly string[]).includes(value);
}

/**
 * What a person reads for each component (the group permissions table): its menu title (the menu
 * group's title where the component opens several of its items) and one line of what it allows.
 * The key itself is never shown.
 */
export const COMPONENT_TEXT: Readonly<Record<Component, { title: string; description: string }>> = {
  dashboard: {
    title: 'Dashboard',
    description: 'No effect on its own: which dashboard a person sees follows their groups',
  },
  'user-management': {
    title: 'User Management',
    description: 'Open User Management and User Profiles: add users, change their groups and passwords',
  },
  'customer-management': {
    title: 'Partners/Customers',
    description: 'Open Partners/Customers: add, change, import and export partners',
  },
  'factory-management': {
    title: 'Factory Management',
    description: 'Open Factory Management: add and change factories',
  },
  'stove-id-management': {
    title: 'Stove ID Management',
    description: 'Open Stove ID Management, Stove Transfer, Transfer Confirmations and Transfer History',
  },
  'production-management': {
    title: 'Production Management',
    description: 'Submit production reports and daily production reports, and see them',
  },
  'productivity-settings': {
    title: 'Productivity Settings',
    description: 'Set the target stoves per coupler and the working hours',
  },
  'productivity-tracker': {
    title: 'Productivity Tracker',
    description: 'Open the Productivity Tracker: stoves coupled against the target',
  },
  'ckd-management': {
    title: 'CKD Management',
    description: 'Open CKD Report and CKD Transfer: kit stock and transfers',
  },
  'ckd-categories': {
    title: 'CKD Categories',
    description: 'Edit CKD categories',
  },
  'produced-ckd-records': {
    title: 'Produced CKD Records',
    description: 'Record the CKD kits produced and see the records',
  },
  'steel-management': {
    title: 'Steel Management',
    description: 'Open Steel Overview: steel stock, categories and records',
  },
  'steel-categories': {
    title: 'Steel Categories',
    description: 'Edit steel categories',
  },
  'steel-records': {
    title: 'Steel Records',
    description: 'Record steel received, used and scrapped',
  },
  'inventory-management': {
    title: 'Inventory Management',
    description: 'Open Inventory Management: stock, items, input, removal and transfers',
  },
  'sales-management': {
    title: 'Sales Management',
    description: 'See all sales orders, cancel them and open Canceled Sales',
  },
  'sales-packages': {
    title: 'Sales Packages',
    description: 'Edit the sales packages',
  },
  'sales-categories': {
    title: 'Sales Categories',
    description: 'Edit the sales categories',
  },
  'price-allocation': {
    title: 'Price Allocation',
    description: 'Set the price of each package for each sales category',
  },
  'sales-order': {
    title: 'Sales Order',
    description: 'Record sales orders',
  },
  'sales-report': {
    title: 'Sales Report',
    description: 'Open the Sales Report: units and revenue',
  },
  'carbon-programme': {
    title: 'Carbon Programme',
    description: 'Open Carbon Programme: register the end users of sold stoves and list them',
  },
  'announcement-management': {
    title: 'Announcements',
    description: 'Write and manage announcements',
  },
  'calendar-management': {
    title: 'Calendar',
    description: 'Open the Calendar and add events',
  },
  'system-documentation': {
    title: 'Documentation',
    description: 'Read the company’s documentation',
  },
  'app-doc': {
    title: 'App Doc',
    description: 'Read the user guide of this application',
  },
};

/** Permissions that exist only through the overrides of spec §6. */
export const OVERRIDE_PERMISSIONS = [
  'admin-dashboard',
  'factory-dashboard',
  'ckd-report',
  'ckd-transfer',
  'transfer-ckd-to-factory',
  'factory-ckd-report',
  'validate-stove-ids',
  /** Not in spec §6: DOMAIN.md §4 has the company's documentation edited by Admin. */
  'edit-documentation',
] as const;

export const PERMISSIONS = [...COMPONENTS, ...OVERRIDE_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The override permissions as people read them (the screens or actions they open). */
const OVERRIDE_TITLES: Readonly<Record<(typeof OVERRIDE_PERMISSIONS)[number], string>> = {
  'admin-dashboard': 'Dashboard',
  'factory-dashboard': 'Factory Dashboard',
  'ckd-report': 'CKD Report',
  'ckd-transfer': 'CKD Transfer',
  'transfer-ckd-to-factory': 'Transfer CKD to Factory',
  'factory-ckd-report': 'Factory CKD Report',
  'validate-stove-ids': 'Validate Stove IDs',
  'edit-documentation': 'Edit Documentation',
};

/** A permission as a message to people names it: "Stove ID Management", "CKD Transfer". */
export function permissionTitle(permission: Permission): string {
  return permission in COMPONENT_TEXT
    ? COMPONENT_TEXT[permission as Component].title
    : OVERRIDE_TITLES[permission as (typeof OVERRIDE_PERMISSIONS)[number]];
}

/** Default base access of DOMAIN.md §3: component → groups granted. */
export const DEFAULT_BASE_ACCESS: Readonly<Record<Component, readonly Group[]>> = {
  dashboard: ['Admin', 'Senior Sales Manager', 'Senior Production Manager', 'Production Manager', 'Factory Manager'],
  'user-management': ['Admin'],
  'customer-management': ['Admin', 'Senior Sales Manager', 'Factory Manager', 'Sales Manager', 'Sales Officer'],
  'factory-management': ['Admin', 'Senior Production Manager'],
  'stove-id-management': [
    'Admin',
    'Senior Sales Manager',
    'Senior Production Manager',
    'Senior Production Supervisor',
    'Production Manager',
    'Production Supervisor',
    'Factory Manager',
    'Sales Manager',
  ],
  'production-management': [
    'Admin',
    'Senior Production Manager',
    'Senior Production Supervisor',
    'Production Manager',
    'Production Supervisor',
    'Factory Manager',
    'Stove Coupler',
  ],
  'productivity-settings': ['Admin', 'Senior Production Manager'],
  'productivity-tracker': [
    'Admin',
    'Senior Production Manager',
    'Senior Production Supervisor',
    'Production Manager',
    'Factory Manager',
  ],
  'ckd-management': [
    'Admin',
    'Senior Production Manager',
    'Senior Production Supervisor',
    'Production Manager',
    'Production Supervisor',
    'Factory Manager',
  ],
  'ckd-categories': ['Admin', 'Senior Production Manager'],
  'produced-ckd-records': ['Admin', 'Senior Production Manager', 'Senior Production Supervisor'],
  'steel-management': ['Admin', 'Senior Production Manager', 'Senior Production Supervisor'],
  'steel-categories': ['Admin', 'Senior Production Supervisor'],
  'steel-records': ['Admin', 'Senior Production Supervisor'],
  'inventory-management': ['Admin', 'Senior Production Manager', 'Senior Production Supervisor', 'Factory Manager'],
  'sales-management': ['Admin', 'Senior Sales Manager', 'Factory Manager', 'Sales Manager'],
  'sales-packages': ['Admin', 'Senior Sales Manager'],
  'sales-categories': ['Admin', 'Senior Sales Manager'],
  'price-allocation': ['Admin', 'Senior Sales Manager'],
  'sales-order': ['Admin', 'Senior Sales Manager', 'Factory Manager', 'Sales Manager', 'Sales Officer'],
  'sales-report': ['Admin', 'Senior Sales Manager', 'Sales Manager'],
  'carbon-programme': ['Admin', 'Senior Sales Manager'],
  'announcement-management': ['Admin', 'Senior Sales Manager', 'Senior Production Manager'],
  'calendar-management': GROUPS.filter((g) => g !== 'Stove Coupler'),
  'system-documentation': GROUPS,
  'app-doc': GROUPS,
};

/** Rows of the group × component table, as stored in the database. */
export function defaultBaseAccessRows(): { group: Group; component: Component }[] {
  return COMPONENTS.flatMap((component) => DEFAULT_BASE_ACCESS[component].map((group) => ({ group, component })));
}

/** Groups whose members see and act on all factories (DOMAIN.md §2). */
export const GLOBAL_GROUPS: readonly Group[] = [
  'Admin',
  'Senior Sales Manager',
  'Senior Production Manager',
  'Senior Production Supervisor',
  'Production Manager',
];

export function isGlobalUser(groups: readonly Group[]): boolean {
  return groups.some((g) => GLOBAL_GROUPS.includes(g));
}

function has(groups: readonly Group[], ...wanted: Group[]): boolean {
  return wanted.some((g) => groups.includes(g));
}

/**
 * Effective permissions: the base components granted to any of the user's
 * groups, plus the overrides of spec §6. The two dashboard permissions are
 * decided by the overrides alone.
 */
export function effectivePermissions(groups: readonly Group[], baseComponents: Iterable<Component>): Set<Permission> {
  const perms = new Set<Permission>(baseComponents);
  const grant = (...list: Permission[]) => list.forEach((p) => perms.add(p));

  const admin = has(groups, 'Admin');
  const fm = has(groups, 'Factory Manager');
  const ssm = has(groups, 'Senior Sales Manager');
  const spm = has(groups, 'Senior Production Manager');
  const pm = has(groups, 'Production Manager');

  if (admin || ssm || spm || pm) grant('admin-dashboard');
  if (fm && !(admin || ssm || spm || pm)) grant('factory-dashboard');
  if (fm) grant('sales-management', 'sales-packages', 'sales-categories', 'price-allocation', 'sales-order');
  if (fm || admin) {
    grant('ckd-report', 'ckd-transfer', 'transfer-ckd-to-factory', 'ckd-categories', 'factory-ckd-report');
  }
  if (pm || spm) {
    grant(
      'stove-id-management',
      'production-management',
      'ckd-management',
      'ckd-report',
      'ckd-transfer',
      'transfer-ckd-to-factory',
      'ckd-categories',
      'factory-ckd-report',
    );
  }
  if (admin || spm) grant('validate-stove-ids', 'productivity-settings');
  if (admin) grant('edit-documentation');
  if (admin || spm || fm || pm) grant('productivity-tracker');
  return perms;
}

// ---------------------------------------------------------------------------
// Routes and menu
// ---------------------------------------------------------------------------

export type MenuIcon =
  | 'dashboard'
  | 'factory-dashboard'
  | 'users'
  | 'customers'
  | 'factory'
  | 'stove-id'
  | 'production'
  | 'ckd'
  | 'steel'
  | 'inventory'
  | 'sales'
  | 'carbon'
  | 'announcements'
  | 'calendar'
  | 'documentation'
  | 'app-doc';

/** Stable keys for the hiding rules; never shown. */
export type MenuKey =
  | 'dashboard'
  | 'factory-dashboard'
  | 'users'
  | 'user-profiles'
  | 'customers'
  | 'factory'
  | 'stove-id-management'
  | 'stove-transfer'
  | 'transfer-confirmations'
  | 'transfer-history'
  | 'validate-stove-ids'
  | 'stove-report'
  | 'productivity-settings'
  | 'productivity-tracker'
  | 'ckd-report'
  | 'ckd-factory-report'
  | 'ckd-categories'
  | 'ckd-produced-records'
  | 'ckd-transfer'
  | 'steel-overview'
  | 'steel-categories'
  | 'steel-records'
  | 'inventory-overview'
  | 'inventory-categories'
  | 'inventory-units'
  | 'inventory-names'
  | 'inventory-input'
  | 'inventory-remove'
  | 'inventory-transfer'
  | 'inventory-transfer-history'
  | 'sales-packages'
  | 'sales-categories'
  | 'price-allocation'
  | 'sales-order'
  | 'sales-report'
  | 'canceled-sales'
  | 'carbon-end-users'
  | 'carbon-sales-record'
  | 'carbon-cohorts'
  | 'carbon-surveys'
  | 'announcements'
  | 'calendar'
  | 'documentation'
  | 'app-doc';

export interface MenuItem {
  key: MenuKey;
  title: string;
  url: string;
  permission: Permission;
}

export interface MenuGroup {
  key: 'user-management' | 'stove-id' | 'production' | 'ckd' | 'steel' | 'inventory' | 'sales' | 'carbon';
  title: string;
  icon: MenuIcon;
  items: MenuItem[];
}

export interface MenuSingle extends MenuItem {
  icon: MenuIcon;
}

export type MenuEntry = { kind: 'item'; item: MenuSingle } | { kind: 'group'; group: MenuGroup };

const single = (key: MenuKey, title: string, url: string, permission: Permission, icon: MenuIcon): MenuEntry => ({
  kind: 'item',
  item: { key, title, url, permission, icon },
});

const item = (key: MenuKey, title: string, url: string, permission: Permission): MenuItem => ({
  key,
  title,
  url,
  permission,
});

/** The full menu of spec §2 / DOMAIN.md §3, before any hiding. */
export const MENU: readonly MenuEntry[] = [
  single('dashboard', 'Dashboard', '/admin-dashboard', 'admin-dashboard', 'dashboard'),
  single('factory-dashboard', 'Factory Dashboard', '/factory-dashboard', 'factory-dashboard', 'factory-dashboard'),
  {
    kind: 'group',
    group: {
      key: 'user-management',
      title: 'User Management',
      icon: 'users',
      items: [
        item('users', 'User Management', '/users', 'user-management'),
        item('user-profiles', 'User Profiles', '/users/profiles', 'user-management'),
      ],
    },
  },
  single('customers', 'Partners/Customers', '/customers', 'customer-management', 'customers'),
  single('factory', 'Factory Management', '/factory', 'factory-management', 'factory'),
  {
    kind: 'group',
    group: {
      key: 'stove-id',
      title: 'Stove ID Management',
      icon: 'stove-id',
      items: [
        item('stove-id-management', 'Stove ID Management', '/stove-id/management', 'stove-id-management'),
        item('stove-transfer', 'Stove Transfer', '/stove-id/transfer', 'stove-id-management'),
        item(
          'transfer-confirmations',
          'Transfer Confirmations',
          '/stove-id/transfer-confirmations',
          'stove-id-management',
        ),
        item('transfer-history', 'Transfer History', '/stove-id/transfer-history', 'stove-id-management'),
        item('validate-stove-ids', 'Validate Stove IDs', '/stove-id/validate', 'validate-stove-ids'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'production',
      title: 'Production Management',
      icon: 'production',
      items: [
        item('stove-report', 'Submit Production Report', '/production/stove-report', 'production-management'),
        item(
          'productivity-settings',
          'Productivity Settings',
          '/production/productivity-settings',
          'productivity-settings',
        ),
        item(
          'productivity-tracker',
          'Productivity Tracker',
          '/production/productivity-tracker',
          'productivity-tracker',
        ),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'ckd',
      title: 'CKD Management',
      icon: 'ckd',
      items: [
        item('ckd-report', 'CKD Report', '/ckd/report', 'ckd-management'),
        item('ckd-factory-report', 'Factory CKD Report', '/ckd/factory-report', 'factory-ckd-report'),
        item('ckd-categories', 'CKD Categories', '/ckd/categories', 'ckd-categories'),
        item('ckd-produced-records', 'Produced CKD Records', '/ckd/produced-records', 'produced-ckd-records'),
        item('ckd-transfer', 'CKD Transfer', '/ckd/transfer', 'ckd-management'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'steel',
      title: 'Steel Management',
      icon: 'steel',
      items: [
        item('steel-overview', 'Steel Overview', '/steel', 'steel-management'),
        item('steel-categories', 'Steel Categories', '/steel/categories', 'steel-categories'),
        item('steel-records', 'Steel Records', '/steel/records', 'steel-records'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'inventory',
      title: 'Inventory Management',
      icon: 'inventory',
      items: [
        item('inventory-overview', 'Overview', '/inventory/management', 'inventory-management'),
        item('inventory-categories', 'Categories', '/inventory/categories', 'inventory-management'),
        item('inventory-units', 'Units', '/inventory/units', 'inventory-management'),
        item('inventory-names', 'Names', '/inventory/names', 'inventory-management'),
        item('inventory-input', 'Input', '/inventory/input', 'inventory-management'),
        item('inventory-remove', 'Remove Items', '/inventory/remove', 'inventory-management'),
        item('inventory-transfer', 'Transfer Inventory', '/inventory/transfer', 'inventory-management'),
        item('inventory-transfer-history', 'Transfer History', '/inventory/transfer-history', 'inventory-management'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'sales',
      title: 'Sales Management',
      icon: 'sales',
      items: [
        item('sales-packages', 'Sales Packages', '/sales/packages', 'sales-packages'),
        item('sales-categories', 'Sales Categories', '/sales/categories', 'sales-categories'),
        item('price-allocation', 'Price Allocation', '/sales/price-allocation', 'price-allocation'),
        item('sales-order', 'Sales Order', '/sales/sales-order', 'sales-order'),
        item('sales-report', 'Sales Report', '/sales/sales-report', 'sales-report'),
        item('canceled-sales', 'Canceled Sales', '/sales/canceled-sales', 'sales-management'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      key: 'carbon',
      title: 'Carbon Programme',
      icon: 'carbon',
      items: [
        item('carbon-end-users', 'End Users', '/carbon/end-users', 'carbon-programme'),
        item('carbon-sales-record', 'Sales Record', '/carbon/sales-record', 'carbon-programme'),
        item('carbon-cohorts', 'Age Cohorts', '/carbon/cohorts', 'carbon-programme'),
        item('carbon-surveys', 'Surveys', '/carbon/surveys', 'carbon-programme'),
      ],
    },
  },
  single('announcements', 'Announcements', '/announcements', 'announcement-management', 'announcements'),
  single('calendar', 'Calendar', '/calendar', 'calendar-management', 'calendar'),
  single('documentation', 'Documentation', '/documentation', 'system-documentation', 'documentation'),
  single('app-doc', 'App Doc', '/app-doc', 'app-doc', 'app-doc'),
];

/** Every route inside the shell (spec §2) with its guard and page title. */
export interface ShellRoute {
  path: string;
  permission: Permission;
  title: string;
}

export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/admin-dashboard', permission: 'admin-dashboard', title: 'Dashboard' },
  { path: '/factory-dashboard', permission: 'factory-dashboard', title: 'Factory Dashboard' },
  { path: '/users', permission: 'user-management', title: 'User Management' },
  { path: '/users/profiles', permission: 'user-management', title: 'User Profiles' },
  { path: '/customers', permission: 'customer-management', title: 'Partners/Customers' },
  { path: '/factory', permission: 'factory-management', title: 'Factory Management' },
  { path: '/stove-id/management', permission: 'stove-id-management', title: 'Stove ID Management' },
  { path: '/stove-id/transfer', permission: 'stove-id-management', title: 'Stove Transfer' },
  {
    path: '/stove-id/transfer-confirmations',
    permission: 'stove-id-management',
    title: 'Transfer Confirmations',
  },
  { path: '/stove-id/transfer-history', permission: 'stove-id-management', title: 'Transfer History' },
  { path: '/stove-id/validate', permission: 'validate-stove-ids', title: 'Validate Stove IDs' },
  { path: '/production', permission: 'production-management', title: 'Production Overview' },
  { path: '/production/submit-report', permission: 'production-management', title: 'Daily Production Report' },
  { path: '/production/stove-report', permission: 'production-management', title: 'Submit Production Report' },
  {
    path: '/production/productivity-settings',
    permission: 'productivity-settings',
    title: 'Productivity Settings',
  },
  {
    path: '/production/productivity-tracker',
    permission: 'productivity-tracker',
    title: 'Productivity Tracker',
  },
  { path: '/ckd', permission: 'ckd-management', title: 'CKD Management' },
  { path: '/ckd/report', permission: 'ckd-management', title: 'CKD Report' },
  { path: '/ckd/transfer', permission: 'ckd-management', title: 'CKD Transfer' },
  { path: '/ckd/factory-report', permission: 'factory-ckd-report', title: 'Factory CKD Report' },
  { path: '/ckd/categories', permission: 'ckd-categories', title: 'CKD Categories' },
  { path: '/ckd/produced-records', permission: 'produced-ckd-records', title: 'Produced CKD Records' },
  { path: '/steel', permission: 'steel-management', title: 'Steel Overview' },
  { path: '/steel/categories', permission: 'steel-management', title: 'Steel Categories' },
  { path: '/steel/records', permission: 'steel-management', title: 'Steel Records' },
  { path: '/inventory/management', permission: 'inventory-management', title: 'Inventory: Overview' },
  { path: '/inventory/categories', permission: 'inventory-management', title: 'Inventory: Categories' },
  { path: '/inventory/units', permission: 'inventory-management', title: 'Inventory: Units' },
  { path: '/inventory/names', permission: 'inventory-management', title: 'Inventory: Names' },
  { path: '/inventory/input', permission: 'inventory-management', title: 'Inventory: Input' },
  { path: '/inventory/remove', permission: 'inventory-management', title: 'Inventory: Remove Items' },
  { path: '/inventory/transfer', permission: 'inventory-management', title: 'Inventory: Transfer Inventory' },
  {
    path: '/inventory/transfer-history',
    permission: 'inventory-management',
    title: 'Inventory: Transfer History',
  },
  { path: '/sales', permission: 'sales-management', title: 'Sales Management' },
  { path: '/sales/packages', permission: 'sales-packages', title: 'Sales Packages' },
  { path: '/sales/categories', permission: 'sales-categories', title: 'Sales Categories' },
  { path: '/sales/price-allocation', permission: 'price-allocation', title: 'Price Allocation' },
  { path: '/sales/sales-order', permission: 'sales-order', title: 'Sales Order' },
  { path: '/sales/sales-report', permission: 'sales-report', title: 'Sales Report' },
  { path: '/sales/canceled-sales', permission: 'sales-management', title: 'Canceled Sales' },
  { path: '/carbon/end-users', permission: 'carbon-programme', title: 'Carbon Programme: End Users' },
  { path: '/carbon/sales-record', permission: 'carbon-programme', title: 'Carbon Programme: Sales Record' },
  { path: '/carbon/cohorts', permission: 'carbon-programme', title: 'Carbon Programme: Age Cohorts' },
  { path: '/carbon/surveys', permission: 'carbon-programme', title: 'Carbon Programme: Surveys' },
  { path: '/announcements', permission: 'announcement-management', title: 'Announcements' },
  { path: '/calendar', permission: 'calendar-management', title: 'Calendar' },
  { path: '/documentation', permission: 'system-documentation', title: 'Documentation' },
  { path: '/app-doc', permission: 'app-doc', title: 'App Doc' },
];

/** The menu-hiding rules of spec §6, applied on top of the permissions. */
function hiddenByRule(key: MenuKey, groups: readonly Group[]): boolean {
  const admin = has(groups, 'Admin');
  const fm = has(groups, 'Factory Manager');
  const spm = has(groups, 'Senior Production Manager');
  const pm = has(groups, 'Production Manager');
  const ps = has(groups, 'Production Supervisor');
  const psOnly = ps && !spm;

  switch (key) {
    case 'dashboard':
      return pm;
    case 'steel-overview':
      return (fm && !admin && !spm) || pm;
    case 'steel-categories':
    case 'steel-records':
      return (fm && !admin && !spm) || pm || spm;
    case 'sales-packages':
    case 'sales-categories':
    case 'price-allocation':
    case 'sales-report':
    case 'canceled-sales':
      return fm;
    case 'ckd-produced-records':
      return fm || ps || pm;
    case 'ckd-factory-report':
      return admin || spm || pm;
    case 'ckd-report':
      return fm;
    case 'ckd-categories':
      return fm || spm || pm;
    case 'ckd-transfer':
      return psOnly;
    case 'stove-transfer':
    case 'transfer-confirmations':
    case 'transfer-history':
      return psOnly;
    default:
      return false;
  }
}

export function isMenuItemVisible(
  menuItem: MenuItem,
  groups: readonly Group[],
  permissions: ReadonlySet<Permission>,
): boolean {
  return permissions.has(menuItem.permission) && !hiddenByRule(menuItem.key, groups);
}

/** The menu a user sees: hidden items removed, empty groups dropped. */
export function visibleMenu(groups: readonly Group[], permissions: ReadonlySet<Permission>): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'item') {
      if (isMenuItemVisible(entry.item, groups, permissions)) entries.push(entry);
      continue;
    }
    const items = entry.group.items.filter((i) => isMenuItemVisible(i, groups, permissions));
    if (items.length > 0) entries.push({ kind: 'group', group: { ...entry.group, items } });
  }
  return entries;
}

export function shellRouteFor(path: string): ShellRoute | undefined {
  return SHELL_ROUTES.find((r) => r.path === path);
}

/** The landing table of spec §2, first matching row wins. */
const LANDING_TABLE: readonly { groups: Group[]; target: string }[] = [
  { groups: ['Admin', 'Senior Sales Manager', 'Senior Production Manager'], target: '/admin-dashboard' },
  { groups: ['Factory Manager'], target: '/factory-dashboard' },
  { groups: ['Production Manager', 'Production Supervisor'], target: '/ckd/report' },
  { groups: ['Stove Coupler'], target: '/production/stove-report' },
  { groups: ['Sales Manager', 'Sales Officer'], target: '/sales/sales-order' },
];
const LANDING_DEFAULT = '/factory-dashboard';

/**
 * Where `/` sends a user: the spec's table; when the user lacks the target's
 * permission, the first menu item they can open (DOMAIN.md §3); null when
 * they can open nothing.
 */
export function landingPath(groups: readonly Group[], permissions: ReadonlySet<Permission>): string | null {
  const row = LANDING_TABLE.find((r) => has(groups, ...r.groups));
  const target = row ? row.target : LANDING_DEFAULT;
  const route = shellRouteFor(target);
  if (route && permissions.has(route.permission)) return target;
  for (const entry of visibleMenu(groups, permissions)) {
    const first = entry.kind === 'item' ? entry.item : entry.group.items[0];
    if (first) return first.url;
  }
  return null;
}

/**
 * The url of the menu item a page belongs to: its own, or the longest menu url it lies under
 * (/stove-id/management/STV00012340 belongs to /stove-id/management); undefined for none.
 */
export function menuUrlOf(pathname: string, entries: readonly MenuEntry[]): string | undefined {
  const urls = entries.flatMap((e) => (e.kind === 'item' ? [e.item.url] : e.group.items.map((i) => i.url)));
  return urls
    .filter((url) => pathname === url || pathname.startsWith(`${url}/`))
    .sort((a, b) => b.length - a.length)[0];
}
