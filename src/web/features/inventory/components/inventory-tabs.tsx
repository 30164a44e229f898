import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/utils';
import { INVENTORY_TABS } from './inventory-tabs.model';

/**
 * The tabs of the inventory screen: links to the eight routes (the tab follows the URL), the
 * current one marked `aria-current="page"`; the row scrolls sideways on a phone, with the current
 * tab brought into view.
 */
export function InventoryTabs({ current }: { current: string }) {
  const currentRef = useRef<HTMLAnchorElement | null>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <nav aria-label="Inventory sections" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex w-max min-w-full gap-1 rounded-lg bg-muted p-1">
        {INVENTORY_TABS.map((tab) => (
          <li key={tab.url}>
            <NavLink
              ref={tab.url === current ? currentRef : undefined}
              to={tab.url}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-foreground/80 outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive && 'bg-background text-foreground shadow-sm',
                )
              }
            >
              {tab.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
