import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronRightIcon, FlameIcon } from 'lucide-react';
import { visibleMenu, type MenuEntry, type MenuGroup } from '@common/permissions';
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
import { MENU_ICONS } from './menu-icons';

function groupContains(group: MenuGroup, pathname: string): boolean {
  return group.items.some((item) => item.url === pathname);
}

/** Open groups: the one holding the current page opens on every navigation; others keep the user's choice. */
function useOpenGroups(entries: MenuEntry[], pathname: string) {
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    setOpenGroups((current) => {
      const next = { ...current };
      for (const entry of entries) {
        if (entry.kind === 'group' && groupContains(entry.group, pathname)) next[entry.group.key] = true;
      }
      return next;
    });
  }
  const isOpen = (group: MenuGroup) => openGroups[group.key] ?? groupContains(group, pathname);
  const setGroupOpen = (group: MenuGroup, open: boolean) =>
    setOpenGroups((current) => ({ ...current, [group.key]: open }));
  return { isOpen, setGroupOpen };
}

export function AppSidebar() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile, state, setOpen } = useSidebar();
  const entries = me ? visibleMenu(me.groups, new Set(me.permissions)) : [];
  const { isOpen, setGroupOpen } = useOpenGroups(entries, pathname);

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
                    return (
                      <SidebarMenuItem key={entry.item.key}>
                        <SidebarMenuButton asChild tooltip={entry.item.title}>
                          <NavLink to={entry.item.url} end onClick={onNavigate}>
                            <Icon aria-hidden="true" />
                            <span>{entry.item.title}</span>
                          </NavLink>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    );
                  }
                  const { group } = entry;
                  const Icon = MENU_ICONS[group.icon];
                  const open = isOpen(group);
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
                            data-active-group={groupContains(group, pathname) ? 'true' : undefined}
                            className="data-[active-group=true]:font-semibold"
                          >
                            <Icon aria-hidden="true" />
                            <span>{group.title}</span>
                            <ChevronRightIcon
                              aria-hidden="true"
                              className="ml-auto transition-transform duration-200 group-data-[collapsible=icon]:hidden group-data-[state=open]/collapsible:rotate-90"
                            />
                          </SidebarMenuButton>
                        </CollapsibleTrigger>
                        <CollapsibleContent>
                          <SidebarMenuSub>
                            {group.items.map((item) => (
                              <SidebarMenuSubItem key={item.key}>
                                <SidebarMenuSubButton asChild>
                                  <NavLink to={item.url} end onClick={onNavigate}>
                                    <span>{item.title}</span>
                                  </NavLink>
                                </SidebarMenuSubButton>
                              </SidebarMenuSubItem>
                            ))}
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
