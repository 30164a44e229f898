import { NavLink } from 'react-router';
import { MENU, type MenuItem, type ShellRoute } from '@common/permissions';
import { cn } from '@web/lib/utils';
import { PageHeader } from '@web/components/ui/page-header';
import { AreaNotAvailable } from './area-placeholder-page';

/** The eight inventory routes are tabs of one screen, labelled as in the menu. */
const INVENTORY_TABS: readonly MenuItem[] = MENU.flatMap((entry) =>
  entry.kind === 'group' && entry.group.key === 'inventory' ? entry.group.items : [],
);

export function InventoryPage({ route }: { route: ShellRoute }) {
  const activeTab = INVENTORY_TABS.find((tab) => tab.url === route.path);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={route.title} />
      <nav aria-label="Inventory sections" className="-mx-1 overflow-x-auto px-1">
        <ul className="flex w-max min-w-full gap-1 rounded-lg bg-muted p-1">
          {INVENTORY_TABS.map((tab) => (
            <li key={tab.url}>
              <NavLink
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
      <AreaNotAvailable title={activeTab ? `Inventory ${activeTab.title}` : route.title} />
    </div>
  );
}
