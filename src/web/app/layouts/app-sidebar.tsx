import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronRightIcon, FlameIcon } from 'lucide-react';
import { menuUrlOf, visibleMenu, type MenuEntry, type MenuGroup } from '@common/permissions';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  useSidebar,
} from '@web/components/ui/sidebar';
import { Loading } from '@web/components/ui/loading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/auth/api/get-me';
import { MenuItemBadge, sumBadges, useMenuBadges } from './menu-badges';
import { MENU_ICONS } from './menu-icons';

function groupContains(group: MenuGroup, activeUrl: string | undefined): boolean {
  return group.items.some((item) => item.url === activeUrl);
}

/** Open groups: the one holding the current page opens on every navigation; others keep the user's choice. */
function useOpenGroups(entries: MenuEntry[], pathname: string, activeUrl: string | undefined) {
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    setOpenGroups((current) => {
      const next = { ...current };
      for (const entry of entries) {
        if (entry.kind === 'group' && groupContains(entry.group, activeUrl)) next[entry.group.key] = true;
      }
      return next;
    });
  }
  const isOpen = (group: MenuGroup) => openGroups[group.key] ?? groupContains(group, activeUrl);
  const setGroupOpen = (group: MenuGroup, open: boolean) =>
    setOpenGroups((current) => ({ ...current, [group.key]: open }));
  return { isOpen, setGroupOpen };
}

export function AppSidebar() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile, state, setOpen } = useSidebar();
  const entries = me ? visibleMenu(me.groups, new Set(me.permissions)) : [];
  // A page under a menu item (one ID, one transfer) opens its group and highlights its item.
  const activeUrl = menuUrlOf(pathname, entries);
  const { isOpen, setGroupOpen } = useOpenGroups(entries, pathname, activeUrl);
  const badges = useMenuBadges(me);

  const onNavigate = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar>
      <SidebarHeader className="border-b border-sidebar-border">
        <div className="flex h-10 items-center gap-2 px-2 group-data-[collapsible=icon]:px-0 group-data-[collapsible=icon]:justify-center">
          <FlameIcon className="size-5 shrink-0" aria-hidden="true" />
          <span className="truncate text-sm font-bold tracking-wider group-data-[collapsible=icon]:hidden">
            CONTROL PANEL
          </span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            {me === undefined ? (
              <div className="flex flex-col gap-2">
                <Loading
                  label="Loading permissions..."
                  className="justify-start px-2 py-1 group-data-[collapsible=icon]:hidden"
                />
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} className="h-8 w-full" />
                ))}
              </div>
            ) : (
              <SidebarMenu>
                {entries.map((entry) => {
                  if (entry.kind === 'item') {
                    const Icon = MENU_ICONS[entry.item.icon];
                    const badge = badges[entry.item.key];
                    const badgeId = `menu-badge-${entry.item.key}`;
                    return (
                      <SidebarMenuItem key={entry.item.key}>
                        <SidebarMenuButton asChild tooltip={entry.item.title} className={badge ? 'pr-8' : undefined}>
                          <NavLink
                            to={entry.item.url}
                            end={entry.item.url !== activeUrl}
                            onClick={onNavigate}
                            aria-describedby={badge ? badgeId : undefined}
                          >
                            <Icon aria-hidden="true" />
                            <span>{entry.item.title}</span>
                          </NavLink>
                        </SidebarMenuButton>
                        {badge ? <MenuItemBadge id={badgeId} badge={badge} /> : null}
                      </SidebarMenuItem>
                    );
                  }
                  const { group } = entry;
                  const Icon = MENU_ICONS[group.icon];
                  const open = isOpen(group);
                  const groupBadge = open
                    ? undefined
                    : sumBadges(
                        badges,
                        group.items.map((i) => i.key),
                      );
                  return (
                    <Collapsible
                      key={group.key}
                      asChild
                      className="group/collapsible"
                      open={open}
                      onOpenChange={(next) => {
                        // Collapsed to icons: expand the sidebar and show the group's pages.
                        if (state === 'collapsed' && !isMobile) {
                          setOpen(true);
                          setGroupOpen(group, true);
                          return;
                        }
                        setGroupOpen(group, next);
                      }}
                    >
                      <SidebarMenuItem>
                        <CollapsibleTrigger asChild>
                          <SidebarMenuButton
                            tooltip={group.title}
                            data-active-group={groupContains(group, activeUrl) ? 'true' : undefined}
                            className="data-[active-group=true]:font-semibold"
                            aria-describedby={groupBadge ? `menu-badge-${group.key}` : undefined}
                          >
                            <Icon aria-hidden="true" />
                            <span>{group.title}</span>
                            <ChevronRightIcon
                              aria-hidden="true"
                              className="ml-auto transition-transform duration-200 group-data-[collapsible=icon]:hidden group-data-[state=open]/collapsible:rotate-90"
                            />
                          </SidebarMenuButton>
                        </CollapsibleTrigger>
                        {groupBadge ? (
                          <MenuItemBadge id={`menu-badge-${group.key}`} badge={groupBadge} className="right-8" />
                        ) : null}
                        <CollapsibleContent>
                          <SidebarMenuSub>
                            {group.items.map((item) => {
                              const badge = badges[item.key];
                              const badgeId = `menu-badge-${item.key}`;
                              return (
                                <SidebarMenuSubItem key={item.key}>
                                  <SidebarMenuSubButton asChild className={badge ? 'pr-8' : undefined}>
                                    <NavLink
                                      to={item.url}
                                      end={item.url !== activeUrl}
                                      onClick={onNavigate}
                                      aria-describedby={badge ? badgeId : undefined}
                                    >
                                      <span>{item.title}</span>
                                    </NavLink>
                                  </SidebarMenuSubButton>
                                  {badge ? <MenuItemBadge id={badgeId} badge={badge} /> : null}
                                </SidebarMenuSubItem>
                              );
                            })}
                          </SidebarMenuSub>
                        </CollapsibleContent>
                      </SidebarMenuItem>
                    </Collapsible>
                  );
                })}
              </SidebarMenu>
            )}
          </SidebarGroup>
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}
