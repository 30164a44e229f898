/** The eight inventory routes are the tabs of one screen, labelled and ordered as in the menu. */
import { MENU, type MenuItem } from '@common/permissions';

export const INVENTORY_TABS: readonly MenuItem[] = MENU.flatMap((entry) =>
  entry.kind === 'group' && entry.group.key === 'inventory' ? entry.group.items : [],
);

/** The tab of a route path (the Overview for anything else). */
export function inventoryTabOf(path: string): MenuItem {
  const tab = INVENTORY_TABS.find((t) => t.url === path) ?? INVENTORY_TABS[0];
  if (!tab) throw new Error('The menu has no inventory group');
  return tab;
}
