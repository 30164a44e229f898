import { plural } from '@common/counted';
import type { MenuKey } from '@common/permissions';
import type { MeResponse } from '@common/contracts/me';
import { usePendingTransferCount } from '@web/features/stove-transfers/api/get-pending-transfer-count';
import { cn } from '@web/lib/utils';

/** A count shown beside a menu item, and what it counts (for screen readers). */
export interface MenuBadgeValue {
  count: number;
  description: string;
}

export type MenuBadges = Partial<Record<MenuKey, MenuBadgeValue>>;

/** The menu items' badges, each fed by its feature's hook; only counts above zero show. */
export function useMenuBadges(me: MeResponse | null | undefined): MenuBadges {
  const canTransfer = me?.permissions.includes('stove-id-management') ?? false;
  const pendingTransfers = usePendingTransferCount(canTransfer);
  const badges: MenuBadges = {};
  const incoming = pendingTransfers.data ?? 0;
  if (canTransfer && incoming > 0)
    badges['transfer-confirmations'] = {
      count: incoming,
      description: `${incoming} incoming ${plural(incoming, 'transfer', 'transfers')} to confirm`,
    };
  return badges;
}

/** The sum of several items' badges (for a closed group), or undefined when none shows. */
export function sumBadges(badges: MenuBadges, keys: readonly MenuKey[]): MenuBadgeValue | undefined {
  const shown = keys.map((key) => badges[key]).filter((b): b is MenuBadgeValue => b !== undefined);
  if (shown.length === 0) return undefined;
  return { count: shown.reduce((n, b) => n + b.count, 0), description: shown.map((b) => b.description).join(', ') };
}

/**
 * The badge, placed beside (not inside) its menu link so the link's name stays the page title;
 * the link points at it with aria-describedby.
 */
export function MenuItemBadge({ id, badge, className }: { id: string; badge: MenuBadgeValue; className?: string }) {
  return (
    <span
      id={id}
      data-slot="menu-item-badge"
      className={cn(
        'pointer-events-none absolute top-1/2 right-1 flex h-5 min-w-5 -translate-y-1/2 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground tabular-nums select-none group-data-[collapsible=icon]:hidden',
        className,
      )}
    >
      <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
      <span className="sr-only">{badge.description}</span>
    </span>
  );
}
