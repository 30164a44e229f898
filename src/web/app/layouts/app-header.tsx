import { LogOutIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Separator } from '@web/components/ui/separator';
import { SidebarTrigger } from '@web/components/ui/sidebar';
import { AnnouncementsBell } from '@web/features/announcements/components/announcements-bell';
import { useMe } from '@web/features/auth/api/get-me';
import { GlobalSearch } from '@web/features/search/components/global-search';

interface AppHeaderProps {
  onLogout: () => void;
  isLoggingOut: boolean;
}

/**
 * "Welcome, NAME" (just "Welcome" while loading or without a name), the search (also Ctrl/Cmd+K), my
 * announcements, My account and Logout.
 */
export function AppHeader({ onLogout, isLoggingOut }: AppHeaderProps) {
  const { data: me } = useMe();
  const name = me?.profile.name?.trim();
  const greeting = name ? `Welcome, ${name}` : 'Welcome';

  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-5! self-center" />
      <p className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="header-greeting">
        {greeting}
      </p>
      <GlobalSearch />
      <AnnouncementsBell canManage={me?.permissions.includes('announcement-management') ?? false} />
      <Link to="/account" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        <UserRoundIcon aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">My account</span>
      </Link>
      <Button variant="outline" size="sm" onClick={onLogout} disabled={isLoggingOut}>
        <LogOutIcon aria-hidden="true" />
        {isLoggingOut ? 'Logging out...' : 'Logout'}
      </Button>
    </header>
  );
}
