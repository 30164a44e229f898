/**
 * The permission model against spec §2 (routes, landing), §6 (components, overrides, menu hiding) and
 * DOMAIN.md §3 (default base access, menu items). Every expectation below is written out by hand
 * from those documents, not copied from the code, so that changing any rule fails a test.
 */
import { describe, expect, it } from 'vitest';
import {
  COMPONENTS,
  COMPONENT_TEXT,
  DEFAULT_BASE_ACCESS,
  GROUPS,
  MENU,
  PERMISSIONS,
  SHELL_ROUTES,
  defaultBaseAccessRows,
  effectivePermissions,
  isGlobalUser,
  isMenuItemVisible,
  landingPath,
  menuUrlOf,
  permissionTitle,
  visibleMenu,
  type Component,
  type Group,
  type MenuItem,
  type MenuKey,
  type Permission,
} from './permissions';

const A: Group = 'Admin';
const SSM: Group = 'Senior Sales Manager';
const SPM: Group = 'Senior Production Manager';
const SPS: Group = 'Senior Production Supervisor';
const PM: Group = 'Production Manager';
const PS: Group = 'Production Supervisor';
const FM: Group = 'Factory Manager';
const SC: Group = 'Stove Coupler';
const SM: Group = 'Sales Manager';
const SO: Group = 'Sales Officer';

/** Base components the default table grants to any of these groups. */
function defaultBase(groups: readonly Group[]): Component[] {
  return COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].some((g) => groups.includes(g)));
}

/** Effective permissions of a user in these groups with the default base table. */
function defaultPermissions(groups: readonly Group[]): Set<Permission> {
  return effectivePermissions(groups, defaultBase(groups));
}

const ALL_PERMISSIONS: ReadonlySet<Permission> = new Set(PERMISSIONS);
const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();
const sorted = (values: Iterable<string>) => [...values].sort();

function menuItem(key: MenuKey): MenuItem {
  for (const entry of MENU) {
    if (entry.kind === 'item' && entry.item.key === key) return entry.item;
    if (entry.kind === 'group') {
      const found = entry.group.items.find((i) => i.key === key);
      if (found) return found;
    }
  }
  throw new Error(`no menu item ${key}`);
}

/** The visible menu as titles: a single item is its title, a group is [title, item titles]. */
type MenuTitles = (string | [string, string[]])[];
function menuTitles(groups: readonly Group[], permissions: ReadonlySet<Permission>): MenuTitles {
  return visibleMenu(groups, permissions).map((entry) =>
    entry.kind === 'item' ? entry.item.title : [entry.group.title, entry.group.items.map((i) => i.title)],
  );
}

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

describe('groups and components (spec §6)', () => {
  it('has exactly the ten groups of spec §6', () => {
    expect([...GROUPS]).toEqual([
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
    ]);
  });

  it('checks exactly the 25 base components of spec §6, and carbon-programme (issue 26)', () => {
    expect([...COMPONENTS]).toEqual([
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
    ]);
  });

  it.each([
    [A, true],
    [SSM, true],
    [SPM, true],
    [SPS, true],
    [PM, true],
    [PS, false],
    [FM, false],
    [SC, false],
    [SM, false],
    [SO, false],
  ] as const)('%s is global: %s (DOMAIN.md §2)', (group, global) => {
    expect(isGlobalUser([group])).toBe(global);
  });

  it('a factory-scoped group with a global one is global', () => {
    expect(isGlobalUser([FM, SPS])).toBe(true);
    expect(isGlobalUser([])).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// Default base access (DOMAIN.md §3)
// ---------------------------------------------------------------------------

/** DOMAIN.md §3's table, verbatim (✓ = granted). */
const DOMAIN_TABLE = `
| component | A | SSM | SPM | SPS | PM | PS | FM | SC | SM | SO |
| dashboard | ✓ | ✓ | ✓ |  | ✓ |  | ✓ |  |  |  |
| user-management | ✓ |  |  |  |  |  |  |  |  |  |
| customer-management | ✓ | ✓ |  |  |  |  | ✓ |  | ✓ | ✓ |
| factory-management | ✓ |  | ✓ |  |  |  |  |  |  |  |
| stove-id-management | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ |  |
| production-management | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |
| productivity-settings | ✓ |  | ✓ |  |  |  |  |  |  |  |
| productivity-tracker | ✓ |  | ✓ | ✓ | ✓ |  | ✓ |  |  |  |
| ckd-management | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  |
| ckd-categories | ✓ |  | ✓ |  |  |  |  |  |  |  |
| produced-ckd-records | ✓ |  | ✓ | ✓ |  |  |  |  |  |  |
| steel-management | ✓ |  | ✓ | ✓ |  |  |  |  |  |  |
| steel-categories | ✓ |  |  | ✓ |  |  |  |  |  |  |
| steel-records | ✓ |  |  | ✓ |  |  |  |  |  |  |
| inventory-management | ✓ |  | ✓ | ✓ |  |  | ✓ |  |  |  |
| sales-management | ✓ | ✓ |  |  |  |  | ✓ |  | ✓ |  |
| sales-packages | ✓ | ✓ |  |  |  |  |  |  |  |  |
| sales-categories | ✓ | ✓ |  |  |  |  |  |  |  |  |
| price-allocation | ✓ | ✓ |  |  |  |  |  |  |  |  |
| sales-order | ✓ | ✓ |  |  |  |  | ✓ |  | ✓ | ✓ |
| sales-report | ✓ | ✓ |  |  |  |  |  |  | ✓ |  |
| carbon-programme | ✓ | ✓ |  |  |  |  |  |  |  |  |
| announcement-management | ✓ | ✓ | ✓ |  |  |  |  |  |  |  |
| calendar-management | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ |
| system-documentation | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
| app-doc | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
`;
const TABLE_COLUMNS: Group[] = [A, SSM, SPM, SPS, PM, PS, FM, SC, SM, SO];

function parseDomainTable(): Record<string, Group[]> {
  const [, ...rows] = DOMAIN_TABLE.trim().split('\n');
  const table: Record<string, Group[]> = {};
  for (const row of rows) {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [component, ...marks] = cells;
    if (!component || marks.length !== TABLE_COLUMNS.length) throw new Error(`bad row: ${row}`);
    table[component] = TABLE_COLUMNS.filter((_, i) => marks[i] === '✓');
  }
  return table;
}

describe('COMPONENT_TEXT: the words a person reads for each component', () => {
  /** A key such as stove-id-management: lower-case words joined by hyphens. */
  const HYPHENATED_KEY = /\b[a-z]+(?:-[a-z]+)+\b/;

  it('gives every component, and nothing else, a non-empty title and description', () => {
    expect(Object.keys(COMPONENT_TEXT).sort()).toEqual([...COMPONENTS].sort());
    for (const component of COMPONENTS) {
      expect(COMPONENT_TEXT[component].title.trim(), component).not.toBe('');
      expect(COMPONENT_TEXT[component].description.trim(), component).not.toBe('');
    }
  });

  it('no title or description contains a hyphenated key', () => {
    for (const component of COMPONENTS) {
      const { title, description } = COMPONENT_TEXT[component];
      expect(title, component).not.toMatch(HYPHENATED_KEY);
      expect(description, component).not.toMatch(HYPHENATED_KEY);
    }
  });

  it('the titles are unique, so a title alone names a component', () => {
    const titles = COMPONENTS.map((c) => COMPONENT_TEXT[c].title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('a component a menu item needs is titled as one of its menu items or their menu group', () => {
    for (const component of COMPONENTS) {
      const names = MENU.flatMap((entry) => {
        if (entry.kind === 'item') return entry.item.permission === component ? [entry.item.title] : [];
        const items = entry.group.items.filter((i) => i.permission === component);
        return items.length > 0 ? [entry.group.title, ...items.map((i) => i.title)] : [];
      });
      if (names.length > 0) expect(names, component).toContain(COMPONENT_TEXT[component].title);
    }
  });

  it('words the examples of the newcomer tour', () => {
    expect(COMPONENT_TEXT['stove-id-management']).toEqual({
      title: 'Stove ID Management',
      description: 'Open Stove ID Management, Stove Transfer, Transfer Confirmations and Transfer History',
    });
    expect(COMPONENT_TEXT['ckd-categories']).toEqual({ title: 'CKD Categories', description: 'Edit CKD categories' });
    expect(COMPONENT_TEXT['customer-management'].title).toBe('Partners/Customers');
  });
});

describe('DEFAULT_BASE_ACCESS (DOMAIN.md §3)', () => {
  const expected = parseDomainTable();

  it('covers exactly the components of the table', () => {
    expect(sorted(Object.keys(DEFAULT_BASE_ACCESS))).toEqual(sorted(Object.keys(expected)));
    // The 25 of DOMAIN.md §3 and carbon-programme (issue 26: Admin and Senior Sales Manager).
    expect(Object.keys(expected)).toHaveLength(26);
  });

  it.each(Object.entries(expected))('%s is granted to exactly the ticked groups', (component, groups) => {
    expect(sorted(DEFAULT_BASE_ACCESS[component as Component])).toEqual(sorted(groups));
  });

  it('defaultBaseAccessRows lists every tick once', () => {
    const rows = defaultBaseAccessRows();
    const ticks = Object.values(expected).reduce((n, groups) => n + groups.length, 0);
    expect(rows).toHaveLength(ticks);
    expect(new Set(rows.map((r) => `${r.group}|${r.component}`)).size).toBe(ticks);
    for (const [component, groups] of Object.entries(expected)) {
      for (const group of groups) expect(rows).toContainEqual({ group, component });
    }
  });
});

// ---------------------------------------------------------------------------
// Overrides (spec §6)
// ---------------------------------------------------------------------------

interface OverrideRule {
  rule: string;
  permissions: Permission[];
  granted: Group[];
  /** Groups that must not get any of these permissions from any override. */
  notGranted: Group[];
}

const CKD_FM_ADMIN: Permission[] = [
  'ckd-report',
  'ckd-transfer',
  'transfer-ckd-to-factory',
  'ckd-categories',
  'factory-ckd-report',
];

const OVERRIDE_RULES: OverrideRule[] = [
  {
    rule: 'admin-dashboard: Admin, Senior Sales Manager, Senior Production Manager or Production Manager',
    permissions: ['admin-dashboard'],
    granted: [A, SSM, SPM, PM],
    notGranted: [FM, SPS, PS, SC, SM, SO],
  },
  {
    rule: 'factory-dashboard: a Factory Manager who is none of Admin, SSM, SPM, PM',
    permissions: ['factory-dashboard'],
    granted: [FM],
    notGranted: [A, SSM, SPM, SPS, PM, PS, SC, SM, SO],
  },
  {
    rule: 'Factory Manager gets sales-management, sales-packages, sales-categories, price-allocation, sales-order',
    permissions: ['sales-management', 'sales-packages', 'sales-categories', 'price-allocation', 'sales-order'],
    granted: [FM],
    notGranted: [A, SSM, SPM, SPS, PM, PS, SC, SM, SO],
  },
  {
    rule: 'Factory Manager or Admin get ckd-report, ckd-transfer, transfer-ckd-to-factory, ckd-categories, factory-ckd-report',
    permissions: CKD_FM_ADMIN,
    granted: [FM, A],
    notGranted: [SSM, SPS, PS, SC, SM, SO],
  },
  {
    rule: 'Production Manager or Senior Production Manager get stove-id, production, ckd-management and the CKD set',
    permissions: ['stove-id-management', 'production-management', 'ckd-management', ...CKD_FM_ADMIN],
    granted: [PM, SPM],
    notGranted: [SSM, SPS, PS, SC, SM, SO],
  },
  {
    rule: 'Admin or Senior Production Manager get validate-stove-ids and productivity-settings',
    permissions: ['validate-stove-ids', 'productivity-settings'],
    granted: [A, SPM],
    notGranted: [FM, SSM, SPS, PM, PS, SC, SM, SO],
  },
  {
    rule: 'Admin, Senior Production Manager, Factory Manager or Production Manager get productivity-tracker',
    permissions: ['productivity-tracker'],
    granted: [A, SPM, FM, PM],
    notGranted: [SSM, SPS, PS, SC, SM, SO],
  },
  {
    rule: 'Admin alone edits the company documentation (DOMAIN.md §4, not a spec §6 override)',
    permissions: ['edit-documentation'],
    granted: [A],
    notGranted: [FM, SSM, SPM, SPS, PM, PS, SC, SM, SO],
  },
];

const grantedCases = OVERRIDE_RULES.flatMap((r) => r.granted.map((g) => [r.rule, g, r.permissions] as const));
const notGrantedCases = OVERRIDE_RULES.flatMap((r) => r.notGranted.map((g) => [r.rule, g, r.permissions] as const));

describe('effectivePermissions: overrides of spec §6', () => {
  it.each(grantedCases)('%s → %s gets them with no base access', (_rule, group, permissions) => {
    const perms = effectivePermissions([group], []);
    for (const p of permissions) expect(perms.has(p), p).toBe(true);
  });

  it.each(notGrantedCases)('%s → %s does not get them from overrides', (_rule, group, permissions) => {
    const perms = effectivePermissions([group], []);
    for (const p of permissions) expect(perms.has(p), p).toBe(false);
  });

  /** Overrides alone, per single group: the union of the rules above, written out. */
  it.each([
    [
      A,
      [
        'admin-dashboard',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
        'validate-stove-ids',
        'productivity-settings',
        'productivity-tracker',
        'edit-documentation',
      ],
    ],
    [SSM, ['admin-dashboard']],
    [
      SPM,
      [
        'admin-dashboard',
        'stove-id-management',
        'production-management',
        'ckd-management',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
        'validate-stove-ids',
        'productivity-settings',
        'productivity-tracker',
      ],
    ],
    [
      PM,
      [
        'admin-dashboard',
        'stove-id-management',
        'production-management',
        'ckd-management',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
        'productivity-tracker',
      ],
    ],
    [
      FM,
      [
        'factory-dashboard',
        'sales-management',
        'sales-packages',
        'sales-categories',
        'price-allocation',
        'sales-order',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
        'productivity-tracker',
      ],
    ],
    [SPS, []],
    [PS, []],
    [SC, []],
    [SM, []],
    [SO, []],
  ] as [Group, Permission[]][])('%s with no base access gets exactly its overrides', (group, expected) => {
    expect(sorted(effectivePermissions([group], []))).toEqual(sorted(expected));
  });

  it.each([
    [[FM], true],
    [[FM, A], false],
    [[FM, SSM], false],
    [[FM, SPM], false],
    [[FM, PM], false],
    [[FM, SPS], true],
    [[FM, PS], true],
    [[FM, SC], true],
    [[FM, SM], true],
    [[FM, SO], true],
    [[A], false],
    [[SPS], false],
    [[], false],
  ] as [Group[], boolean][])('factory-dashboard for %j: %s', (groups, expected) => {
    expect(effectivePermissions(groups, COMPONENTS).has('factory-dashboard')).toBe(expected);
  });

  it.each([[[FM, A]], [[FM, SSM]], [[FM, SPM]], [[FM, PM]], [[SO, A]]] as [Group[]][])(
    'admin-dashboard for %j',
    (groups) => {
      expect(effectivePermissions(groups, []).has('admin-dashboard')).toBe(true);
    },
  );

  it('the dashboards are decided by groups only, never by base components', () => {
    for (const group of [SPS, PS, SC, SM, SO]) {
      const perms = effectivePermissions([group], COMPONENTS);
      expect(perms.has('admin-dashboard')).toBe(false);
      expect(perms.has('factory-dashboard')).toBe(false);
    }
    // The 'dashboard' component is not needed for either.
    expect(effectivePermissions([A], []).has('admin-dashboard')).toBe(true);
    expect(effectivePermissions([FM], []).has('factory-dashboard')).toBe(true);
  });

  it('base components come from the passed-in set, whatever the group', () => {
    expect(effectivePermissions([SC], ['steel-records']).has('steel-records')).toBe(true);
    expect(effectivePermissions([A], []).has('user-management')).toBe(false);
    expect(effectivePermissions([A], ['user-management']).has('user-management')).toBe(true);
    expect(sorted(effectivePermissions([SO], ['app-doc', 'sales-report']))).toEqual(['app-doc', 'sales-report']);
    expect(effectivePermissions([], []).size).toBe(0);
  });

  it('overrides only add: every base component is kept', () => {
    for (const group of GROUPS) {
      const perms = effectivePermissions([group], COMPONENTS);
      for (const c of COMPONENTS) expect(perms.has(c), `${group} ${c}`).toBe(true);
    }
  });

  it('a user in several groups gets the union', () => {
    const perms = effectivePermissions([SC, SO], []);
    expect(perms.size).toBe(0);
    const both = effectivePermissions([FM, SPM], []);
    expect(both.has('validate-stove-ids')).toBe(true); // from SPM
    expect(both.has('sales-packages')).toBe(true); // from FM
    expect(both.has('factory-dashboard')).toBe(false); // FM who is also SPM
  });
});

describe('effectivePermissions with the default base table, per group', () => {
  it.each([
    [
      A,
      [
        ...COMPONENTS,
        'admin-dashboard',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'factory-ckd-report',
        'validate-stove-ids',
        'edit-documentation',
      ],
    ],
    [
      SSM,
      [
        'dashboard',
        'customer-management',
        'stove-id-management',
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
        'admin-dashboard',
      ],
    ],
    [
      SPM,
      [
        'dashboard',
        'factory-management',
        'stove-id-management',
        'production-management',
        'productivity-settings',
        'productivity-tracker',
        'ckd-management',
        'ckd-categories',
        'produced-ckd-records',
        'steel-management',
        'inventory-management',
        'announcement-management',
        'calendar-management',
        'system-documentation',
        'app-doc',
        'admin-dashboard',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'factory-ckd-report',
        'validate-stove-ids',
      ],
    ],
    [
      SPS,
      [
        'stove-id-management',
        'production-management',
        'productivity-tracker',
        'ckd-management',
        'produced-ckd-records',
        'steel-management',
        'steel-categories',
        'steel-records',
        'inventory-management',
        'calendar-management',
        'system-documentation',
        'app-doc',
      ],
    ],
    [
      PM,
      [
        'dashboard',
        'stove-id-management',
        'production-management',
        'productivity-tracker',
        'ckd-management',
        'calendar-management',
        'system-documentation',
        'app-doc',
        'admin-dashboard',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
      ],
    ],
    [
      PS,
      [
        'stove-id-management',
        'production-management',
        'ckd-management',
        'calendar-management',
        'system-documentation',
        'app-doc',
      ],
    ],
    [
      FM,
      [
        'dashboard',
        'customer-management',
        'stove-id-management',
        'production-management',
        'productivity-tracker',
        'ckd-management',
        'inventory-management',
        'sales-management',
        'sales-order',
        'calendar-management',
        'system-documentation',
        'app-doc',
        'factory-dashboard',
        'sales-packages',
        'sales-categories',
        'price-allocation',
        'ckd-report',
        'ckd-transfer',
        'transfer-ckd-to-factory',
        'ckd-categories',
        'factory-ckd-report',
      ],
    ],
    [SC, ['production-management', 'system-documentation', 'app-doc']],
    [
      SM,
      [
        'customer-management',
        'stove-id-management',
        'sales-management',
        'sales-order',
        'sales-report',
        'calendar-management',
        'system-documentation',
        'app-doc',
      ],
    ],
    [SO, ['customer-management', 'sales-order', 'calendar-management', 'system-documentation', 'app-doc']],
  ] as [Group, Permission[]][])('%s', (group, expected) => {
    expect(sorted(defaultPermissions([group]))).toEqual(sorted(expected));
  });
});

// ---------------------------------------------------------------------------
// Menu model and routes (spec §2, DOMAIN.md §3)
// ---------------------------------------------------------------------------

describe('MENU (spec §2 menu groups, DOMAIN.md §3 urls and permissions)', () => {
  it('has the spec order, titles, urls and permissions', () => {
    const flat = MENU.map((entry) =>
      entry.kind === 'item'
        ? [entry.item.title, entry.item.url, entry.item.permission]
        : [entry.group.title, entry.group.items.map((i) => [i.title, i.url, i.permission])],
    );
    expect(flat).toEqual([
      ['Dashboard', '/admin-dashboard', 'admin-dashboard'],
      ['Factory Dashboard', '/factory-dashboard', 'factory-dashboard'],
      [
        'User Management',
        [
          ['User Management', '/users', 'user-management'],
          ['User Profiles', '/users/profiles', 'user-management'],
        ],
      ],
      ['Partners/Customers', '/customers', 'customer-management'],
      ['Factory Management', '/factory', 'factory-management'],
      [
        'Stove ID Management',
        [
          ['Stove ID Management', '/stove-id/management', 'stove-id-management'],
          ['Stove Transfer', '/stove-id/transfer', 'stove-id-management'],
          ['Transfer Confirmations', '/stove-id/transfer-confirmations', 'stove-id-management'],
          ['Transfer History', '/stove-id/transfer-history', 'stove-id-management'],
          ['Validate Stove IDs', '/stove-id/validate', 'validate-stove-ids'],
        ],
      ],
      [
        'Production Management',
        [
          ['Submit Production Report', '/production/stove-report', 'production-management'],
          ['Productivity Settings', '/production/productivity-settings', 'productivity-settings'],
          ['Productivity Tracker', '/production/productivity-tracker', 'productivity-tracker'],
        ],
      ],
      [
        'CKD Management',
        [
          ['CKD Report', '/ckd/report', 'ckd-management'],
          ['Factory CKD Report', '/ckd/factory-report', 'factory-ckd-report'],
          ['CKD Categories', '/ckd/categories', 'ckd-categories'],
          ['Produced CKD Records', '/ckd/produced-records', 'produced-ckd-records'],
          ['CKD Transfer', '/ckd/transfer', 'ckd-management'],
        ],
      ],
      [
        'Steel Management',
        [
          ['Steel Overview', '/steel', 'steel-management'],
          ['Steel Categories', '/steel/categories', 'steel-categories'],
          ['Steel Records', '/steel/records', 'steel-records'],
        ],
      ],
      [
        'Inventory Management',
        [
          ['Overview', '/inventory/management', 'inventory-management'],
          ['Categories', '/inventory/categories', 'inventory-management'],
          ['Units', '/inventory/units', 'inventory-management'],
          ['Names', '/inventory/names', 'inventory-management'],
          ['Input', '/inventory/input', 'inventory-management'],
          ['Remove Items', '/inventory/remove', 'inventory-management'],
          ['Transfer Inventory', '/inventory/transfer', 'inventory-management'],
          ['Transfer History', '/inventory/transfer-history', 'inventory-management'],
        ],
      ],
      [
        'Sales Management',
        [
          ['Sales Packages', '/sales/packages', 'sales-packages'],
          ['Sales Categories', '/sales/categories', 'sales-categories'],
          ['Price Allocation', '/sales/price-allocation', 'price-allocation'],
          ['Sales Order', '/sales/sales-order', 'sales-order'],
          ['Sales Report', '/sales/sales-report', 'sales-report'],
          ['Canceled Sales', '/sales/canceled-sales', 'sales-management'],
        ],
      ],
      [
        'Carbon Programme',
        [
          ['End Users', '/carbon/end-users', 'carbon-programme'],
          ['Sales Record', '/carbon/sales-record', 'carbon-programme'],
          ['Age Cohorts', '/carbon/cohorts', 'carbon-programme'],
          ['Surveys', '/carbon/surveys', 'carbon-programme'],
        ],
      ],
      ['Announcements', '/announcements', 'announcement-management'],
      ['Calendar', '/calendar', 'calendar-management'],
      ['Documentation', '/documentation', 'system-documentation'],
      ['App Doc', '/app-doc', 'app-doc'],
    ]);
  });

  it('every shell route of spec §2 is guarded by its named permission', () => {
    const spec: [string, Permission][] = [
      ['/admin-dashboard', 'admin-dashboard'],
      ['/factory-dashboard', 'factory-dashboard'],
      ['/users', 'user-management'],
      ['/users/profiles', 'user-management'],
      ['/customers', 'customer-management'],
      ['/factory', 'factory-management'],
      ['/stove-id/management', 'stove-id-management'],
      ['/stove-id/transfer', 'stove-id-management'],
      ['/stove-id/transfer-confirmations', 'stove-id-management'],
      ['/stove-id/transfer-history', 'stove-id-management'],
      ['/stove-id/validate', 'validate-stove-ids'],
      ['/production', 'production-management'],
      ['/production/submit-report', 'production-management'],
      ['/production/stove-report', 'production-management'],
      ['/production/productivity-settings', 'productivity-settings'],
      ['/production/productivity-tracker', 'productivity-tracker'],
      ['/ckd', 'ckd-management'],
      ['/ckd/report', 'ckd-management'],
      ['/ckd/transfer', 'ckd-management'],
      ['/ckd/factory-report', 'factory-ckd-report'],
      ['/ckd/categories', 'ckd-categories'],
      ['/ckd/produced-records', 'produced-ckd-records'],
      ['/steel', 'steel-management'],
      ['/steel/categories', 'steel-management'],
      ['/steel/records', 'steel-management'],
      ['/inventory/management', 'inventory-management'],
      ['/inventory/categories', 'inventory-management'],
      ['/inventory/units', 'inventory-management'],
      ['/inventory/names', 'inventory-management'],
      ['/inventory/input', 'inventory-management'],
      ['/inventory/remove', 'inventory-management'],
      ['/inventory/transfer', 'inventory-management'],
      ['/inventory/transfer-history', 'inventory-management'],
      ['/sales', 'sales-management'],
      ['/sales/packages', 'sales-packages'],
      ['/sales/categories', 'sales-categories'],
      ['/sales/price-allocation', 'price-allocation'],
      ['/sales/sales-order', 'sales-order'],
      ['/sales/sales-report', 'sales-report'],
      ['/sales/canceled-sales', 'sales-management'],
      ['/carbon/end-users', 'carbon-programme'],
      ['/carbon/sales-record', 'carbon-programme'],
      ['/carbon/cohorts', 'carbon-programme'],
      ['/carbon/surveys', 'carbon-programme'],
      ['/announcements', 'announcement-management'],
      ['/calendar', 'calendar-management'],
      ['/documentation', 'system-documentation'],
      ['/app-doc', 'app-doc'],
    ];
    expect(SHELL_ROUTES.map((r) => [r.path, r.permission])).toEqual(spec);
  });
});

// ---------------------------------------------------------------------------
// Menu hiding (spec §6)
// ---------------------------------------------------------------------------

/** [rule, groups, menu item, visible?] — with every permission granted, so only the hiding rules decide. */
const HIDING_CASES: [string, Group[], MenuKey, boolean][] = [
  ['PM never sees Dashboard', [PM], 'dashboard', false],
  ['PM never sees Dashboard', [PM, A], 'dashboard', false],
  ['PM never sees Dashboard', [PM, SSM], 'dashboard', false],
  ['PM never sees Dashboard', [A], 'dashboard', true],
  ['PM never sees Dashboard', [SPM], 'dashboard', true],
  ['PM never sees Dashboard', [SSM], 'dashboard', true],

  ...(['steel-overview', 'steel-categories', 'steel-records'] as MenuKey[]).flatMap(
    (key): [string, Group[], MenuKey, boolean][] => [
      ['FM (not Admin/SPM) never sees Steel', [FM], key, false],
      ['FM (not Admin/SPM) never sees Steel', [FM, SSM], key, false],
      ['FM (not Admin/SPM) never sees Steel', [FM, SPS], key, false],
      ['FM (not Admin/SPM) never sees Steel', [FM, A], key, true],
      ['PM never sees Steel', [PM], key, false],
      ['PM never sees Steel', [PM, A], key, false],
      ['PM never sees Steel', [PM, SPS], key, false],
      ['Steel shows for Admin', [A], key, true],
    ],
  ),
  ['FM who is SPM sees Steel Overview', [FM, SPM], 'steel-overview', true],
  ['SPM sees Steel Overview', [SPM], 'steel-overview', true],
  ['SPS sees Steel Overview', [SPS], 'steel-overview', true],
  ['Steel categories hidden for SPM', [SPM], 'steel-categories', false],
  ['Steel categories hidden for SPM', [SPM, A], 'steel-categories', false],
  ['Steel categories hidden for SPM', [FM, SPM], 'steel-categories', false],
  ['Steel categories hidden for SPM', [SPS], 'steel-categories', true],
  ['Steel records hidden for SPM', [SPM], 'steel-records', false],
  ['Steel records hidden for SPM', [SPM, A], 'steel-records', false],
  ['Steel records hidden for SPM', [SPS], 'steel-records', true],

  ...(
    ['sales-packages', 'sales-categories', 'price-allocation', 'sales-report', 'canceled-sales'] as MenuKey[]
  ).flatMap((key): [string, Group[], MenuKey, boolean][] => [
    ['FM sees Sales reduced to Sales Order', [FM], key, false],
    ['FM sees Sales reduced to Sales Order', [FM, SM], key, false],
    ['Sales shows for SSM', [SSM], key, true],
    ['Sales shows for SM', [SM], key, true],
  ]),
  ['FM sees Sales Order', [FM], 'sales-order', true],

  ['Produced records hidden for FM', [FM], 'ckd-produced-records', false],
  ['Produced records hidden for PS', [PS], 'ckd-produced-records', false],
  ['Produced records hidden for PM', [PM], 'ckd-produced-records', false],
  ['Produced records hidden for PS', [PS, SPM], 'ckd-produced-records', false],
  ['Produced records shown', [A], 'ckd-produced-records', true],
  ['Produced records shown', [SPM], 'ckd-produced-records', true],
  ['Produced records shown', [SPS], 'ckd-produced-records', true],

  ['Factory report hidden for Admin', [A], 'ckd-factory-report', false],
  ['Factory report hidden for SPM', [SPM], 'ckd-factory-report', false],
  ['Factory report hidden for PM', [PM], 'ckd-factory-report', false],
  ['Factory report hidden for Admin', [FM, A], 'ckd-factory-report', false],
  ['Factory report shown', [FM], 'ckd-factory-report', true],
  ['Factory report shown', [SPS], 'ckd-factory-report', true],
  ['Factory report shown', [PS], 'ckd-factory-report', true],

  ['Report hidden for FM', [FM], 'ckd-report', false],
  ['Report hidden for FM', [FM, A], 'ckd-report', false],
  ['Report shown', [A], 'ckd-report', true],
  ['Report shown', [PM], 'ckd-report', true],
  ['Report shown', [PS], 'ckd-report', true],

  ['Categories hidden for FM', [FM], 'ckd-categories', false],
  ['Categories hidden for SPM', [SPM], 'ckd-categories', false],
  ['Categories hidden for PM', [PM], 'ckd-categories', false],
  ['Categories hidden for PM', [PM, A], 'ckd-categories', false],
  ['Categories shown', [A], 'ckd-categories', true],
  ['Categories shown', [SPS], 'ckd-categories', true],

  ['CKD transfer hidden for PS not SPM', [PS], 'ckd-transfer', false],
  ['CKD transfer hidden for PS not SPM', [PS, A], 'ckd-transfer', false],
  ['CKD transfer shown for PS who is SPM', [PS, SPM], 'ckd-transfer', true],
  ['CKD transfer shown', [FM], 'ckd-transfer', true],
  ['CKD transfer shown', [PM], 'ckd-transfer', true],

  ...(['stove-transfer', 'transfer-confirmations', 'transfer-history'] as MenuKey[]).flatMap(
    (key): [string, Group[], MenuKey, boolean][] => [
      ['Stove ID transfer pages hidden for PS not SPM', [PS], key, false],
      ['Stove ID transfer pages hidden for PS not SPM', [PS, A], key, false],
      ['Stove ID transfer pages hidden for PS not SPM', [PS, PM], key, false],
      ['Stove ID transfer pages shown for PS who is SPM', [PS, SPM], key, true],
      ['Stove ID transfer pages shown', [SPS], key, true],
      ['Stove ID transfer pages shown', [FM], key, true],
    ],
  ),
  ['PS sees Stove ID Management itself', [PS], 'stove-id-management', true],
  ['PS sees the CKD report', [PS], 'ckd-report', true],
];

describe('menu hiding rules of spec §6', () => {
  it.each(HIDING_CASES)('%s: %j → %s visible=%s', (_rule, groups, key, visible) => {
    expect(isMenuItemVisible(menuItem(key), groups, ALL_PERMISSIONS)).toBe(visible);
  });

  it('items no rule hides show for every group when permitted', () => {
    const unruled: MenuKey[] = [
      'factory-dashboard',
      'users',
      'user-profiles',
      'customers',
      'factory',
      'stove-id-management',
      'validate-stove-ids',
      'stove-report',
      'productivity-settings',
      'productivity-tracker',
      'inventory-overview',
      'inventory-transfer-history',
      'sales-order',
      'announcements',
      'calendar',
      'documentation',
      'app-doc',
    ];
    for (const group of GROUPS) {
      for (const key of unruled)
        expect(isMenuItemVisible(menuItem(key), [group], ALL_PERMISSIONS), `${group} ${key}`).toBe(true);
    }
  });

  it('menu items without their permission are hidden', () => {
    expect(menuTitles([A], NO_PERMISSIONS)).toEqual([]);
    expect(menuTitles([A], new Set<Permission>(['app-doc']))).toEqual(['App Doc']);
    expect(isMenuItemVisible(menuItem('users'), [A], new Set<Permission>(['dashboard']))).toBe(false);
    // Permission is per item: Validate Stove IDs needs validate-stove-ids, not stove-id-management.
    expect(menuTitles([A], new Set<Permission>(['validate-stove-ids']))).toEqual([
      ['Stove ID Management', ['Validate Stove IDs']],
    ]);
  });

  it('a menu group with no visible item disappears; one with some keeps only those', () => {
    expect(menuTitles([A], new Set<Permission>(['sales-order']))).toEqual([['Sales Management', ['Sales Order']]]);
    expect(menuTitles([A], new Set<Permission>(['calendar-management']))).toEqual(['Calendar']);
    // Factory Manager with only hidden sales items: the whole Sales group goes.
    expect(menuTitles([FM], new Set<Permission>(['sales-packages', 'sales-report', 'calendar-management']))).toEqual([
      'Calendar',
    ]);
    // Production Manager with only steel permissions: no Steel group.
    expect(menuTitles([PM], new Set<Permission>(['steel-management', 'steel-categories', 'steel-records']))).toEqual(
      [],
    );
  });
});

// ---------------------------------------------------------------------------
// The menu each group sees with the default table
// ---------------------------------------------------------------------------

const STOVE_ID_ALL = ['Stove ID Management', 'Stove Transfer', 'Transfer Confirmations', 'Transfer History'];
const INVENTORY_ALL = [
  'Overview',
  'Categories',
  'Units',
  'Names',
  'Input',
  'Remove Items',
  'Transfer Inventory',
  'Transfer History',
];

const EXPECTED_MENUS: [Group, MenuTitles][] = [
  [
    A,
    [
      'Dashboard',
      ['User Management', ['User Management', 'User Profiles']],
      'Partners/Customers',
      'Factory Management',
      ['Stove ID Management', [...STOVE_ID_ALL, 'Validate Stove IDs']],
      ['Production Management', ['Submit Production Report', 'Productivity Settings', 'Productivity Tracker']],
      // Factory CKD Report is hidden for Admin.
      ['CKD Management', ['CKD Report', 'CKD Categories', 'Produced CKD Records', 'CKD Transfer']],
      ['Steel Management', ['Steel Overview', 'Steel Categories', 'Steel Records']],
      ['Inventory Management', INVENTORY_ALL],
      [
        'Sales Management',
        ['Sales Packages', 'Sales Categories', 'Price Allocation', 'Sales Order', 'Sales Report', 'Canceled Sales'],
      ],
      ['Carbon Programme', ['End Users', 'Sales Record', 'Age Cohorts', 'Surveys']],
      'Announcements',
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    SSM,
    [
      'Dashboard',
      'Partners/Customers',
      ['Stove ID Management', STOVE_ID_ALL],
      [
        'Sales Management',
        ['Sales Packages', 'Sales Categories', 'Price Allocation', 'Sales Order', 'Sales Report', 'Canceled Sales'],
      ],
      ['Carbon Programme', ['End Users', 'Sales Record', 'Age Cohorts', 'Surveys']],
      'Announcements',
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    SPM,
    [
      'Dashboard',
      'Factory Management',
      ['Stove ID Management', [...STOVE_ID_ALL, 'Validate Stove IDs']],
      ['Production Management', ['Submit Production Report', 'Productivity Settings', 'Productivity Tracker']],
      // Factory report and categories hidden for SPM.
      ['CKD Management', ['CKD Report', 'Produced CKD Records', 'CKD Transfer']],
      // Steel categories and records hidden for SPM.
      ['Steel Management', ['Steel Overview']],
      ['Inventory Management', INVENTORY_ALL],
      'Announcements',
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    SPS,
    [
      ['Stove ID Management', STOVE_ID_ALL],
      ['Production Management', ['Submit Production Report', 'Productivity Tracker']],
      ['CKD Management', ['CKD Report', 'Produced CKD Records', 'CKD Transfer']],
      ['Steel Management', ['Steel Overview', 'Steel Categories', 'Steel Records']],
      ['Inventory Management', INVENTORY_ALL],
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    PM,
    [
      // No Dashboard although PM holds admin-dashboard.
      ['Stove ID Management', STOVE_ID_ALL],
      ['Production Management', ['Submit Production Report', 'Productivity Tracker']],
      // Factory report, categories and produced records hidden for PM.
      ['CKD Management', ['CKD Report', 'CKD Transfer']],
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    PS,
    [
      ['Stove ID Management', ['Stove ID Management']],
      ['Production Management', ['Submit Production Report']],
      ['CKD Management', ['CKD Report']],
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [
    FM,
    [
      'Factory Dashboard',
      'Partners/Customers',
      ['Stove ID Management', STOVE_ID_ALL],
      ['Production Management', ['Submit Production Report', 'Productivity Tracker']],
      // Report, categories and produced records hidden for FM; factory report and transfer remain.
      ['CKD Management', ['Factory CKD Report', 'CKD Transfer']],
      ['Inventory Management', INVENTORY_ALL],
      ['Sales Management', ['Sales Order']],
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [SC, [['Production Management', ['Submit Production Report']], 'Documentation', 'App Doc']],
  [
    SM,
    [
      'Partners/Customers',
      ['Stove ID Management', STOVE_ID_ALL],
      ['Sales Management', ['Sales Order', 'Sales Report', 'Canceled Sales']],
      'Calendar',
      'Documentation',
      'App Doc',
    ],
  ],
  [SO, ['Partners/Customers', ['Sales Management', ['Sales Order']], 'Calendar', 'Documentation', 'App Doc']],
];

describe('visible menu per group with the default base table', () => {
  it('covers all ten groups', () => {
    expect(sorted(EXPECTED_MENUS.map(([g]) => g))).toEqual(sorted(GROUPS));
  });

  it.each(EXPECTED_MENUS)('%s', (group, expected) => {
    expect(menuTitles([group], defaultPermissions([group]))).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------
// Landing (spec §2)
// ---------------------------------------------------------------------------

describe('landingPath (spec §2 table)', () => {
  it.each([
    [A, '/admin-dashboard'],
    [SSM, '/admin-dashboard'],
    [SPM, '/admin-dashboard'],
    [FM, '/factory-dashboard'],
    [PM, '/ckd/report'],
    [PS, '/ckd/report'],
    [SC, '/production/stove-report'],
    [SM, '/sales/sales-order'],
    [SO, '/sales/sales-order'],
    // "anyone else" → /factory-dashboard
    [SPS, '/factory-dashboard'],
  ] as [Group, string][])('%s → %s when every permission is held', (group, target) => {
    expect(landingPath([group], ALL_PERMISSIONS)).toBe(target);
  });

  it('a user in no group → /factory-dashboard (anyone else)', () => {
    expect(landingPath([], ALL_PERMISSIONS)).toBe('/factory-dashboard');
  });

  it.each([
    [A, '/admin-dashboard'],
    [SSM, '/admin-dashboard'],
    [SPM, '/admin-dashboard'],
    [FM, '/factory-dashboard'],
    [PM, '/ckd/report'],
    [PS, '/ckd/report'],
    [SC, '/production/stove-report'],
    [SM, '/sales/sales-order'],
    [SO, '/sales/sales-order'],
    // Cannot open /factory-dashboard → the first menu item it can open (DOMAIN.md §3).
    [SPS, '/stove-id/management'],
  ] as [Group, string][])('%s → %s with the default base table', (group, target) => {
    expect(landingPath([group], defaultPermissions([group]))).toBe(target);
  });

  it.each([
    // Row order decides: the first matching row wins.
    [[SO, A], '/admin-dashboard'],
    [[SC, SSM], '/admin-dashboard'],
    [[FM, SPM], '/admin-dashboard'],
    [[PM, FM], '/factory-dashboard'],
    [[SM, FM], '/factory-dashboard'],
    [[SC, PS], '/ckd/report'],
    [[SO, PM], '/ckd/report'],
    [[SM, SC], '/production/stove-report'],
    [[SPS, SO], '/sales/sales-order'],
  ] as [Group[], string][])('%j → %s (first matching row)', (groups, target) => {
    expect(landingPath(groups, ALL_PERMISSIONS)).toBe(target);
  });

  it('falls back to the first menu item the user can open when the target is not permitted', () => {
    // Stove Coupler without production-management: first visible item is Documentation.
    expect(landingPath([SC], new Set<Permission>(['system-documentation', 'app-doc']))).toBe('/documentation');
    // Sales Officer without sales-order but with customers.
    expect(landingPath([SO], new Set<Permission>(['customer-management', 'calendar-management']))).toBe('/customers');
    // FM who is also PM: row FM → /factory-dashboard, which FM+PM cannot open; Dashboard is hidden for PM.
    expect(landingPath([FM, PM], defaultPermissions([FM, PM]))).toBe('/customers');
    // Production Supervisor without ckd-management: the Stove ID group's first visible item.
    expect(landingPath([PS], new Set<Permission>(['stove-id-management']))).toBe('/stove-id/management');
  });

  it('the fallback skips items hidden by a rule', () => {
    // Production Manager holds admin-dashboard, but the Dashboard item is hidden; no ckd-management → no CKD Report.
    expect(landingPath([PM], new Set<Permission>(['admin-dashboard', 'calendar-management']))).toBe('/calendar');
  });

  it('a user who can open nothing lands nowhere (null)', () => {
    expect(landingPath([SC], NO_PERMISSIONS)).toBeNull();
    expect(landingPath([], NO_PERMISSIONS)).toBeNull();
    // Permission held only for a hidden item still opens nothing.
    expect(landingPath([FM], new Set<Permission>(['sales-packages']))).toBeNull();
  });
});

describe('menuUrlOf', () => {
  const entries = visibleMenu(['Admin'], effectivePermissions(['Admin'], [...COMPONENTS]));

  it.each([
    ['/users', '/users'],
    ['/users/profiles', '/users/profiles'],
    ['/stove-id/management', '/stove-id/management'],
    ['/stove-id/management/STV00012340', '/stove-id/management'],
    ['/stove-id/transfer-confirmations/4f1c', '/stove-id/transfer-confirmations'],
    ['/stove-id/transferred', undefined],
    ['/account', undefined],
  ])('%s belongs to %s', (pathname, url) => {
    expect(menuUrlOf(pathname, entries)).toBe(url);
  });
});

describe('permissionTitle', () => {
  it('names every permission in words, never by its key', () => {
    for (const permission of PERMISSIONS) {
      const title = permissionTitle(permission);
      expect(title, permission).toMatch(/^[A-Z]/);
      expect(title, permission).not.toMatch(/[a-z]-[a-z]/);
    }
    expect(permissionTitle('stove-id-management')).toBe('Stove ID Management');
    expect(permissionTitle('transfer-ckd-to-factory')).toBe('Transfer CKD to Factory');
  });
});
