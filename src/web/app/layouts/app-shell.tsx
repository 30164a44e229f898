import { Suspense, useCallback } from 'react';
import { Outlet } from 'react-router';
import type { MeResponse } from '@common/contracts/me';
import { FullPageLoading, Loading } from '@web/components/ui/loading';
import { PageHelpProvider } from '@web/components/ui/page-header';
import { SidebarInset, SidebarProvider } from '@web/components/ui/sidebar';
import { useMe } from '@web/features/auth/api/get-me';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { SessionTimeoutDialog } from '@web/features/session/components/session-timeout-dialog';
import { useSessionWatch, type SessionSignOutReason } from '@web/features/session/hooks/use-session-watch';
import { useLiveUpdates } from '../live/use-live-updates';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

/** The signed-in frame: sidebar, header, main area; watches inactivity and the activity session. */
function SignedInShell({ me }: { me: MeResponse }) {
  const { logout } = useLogout();
  const onSignOut = useCallback((reason: SessionSignOutReason) => logout(reason), [logout]);
  const session = useSessionWatch({ userId: me.user.id, onSignOut });
  const live = useLiveUpdates(me);

  return (
    <SidebarProvider>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to main content
      </a>
      <AppSidebar />
      <SidebarInset>
        <AppHeader onLogout={() => void session.signOut('user')} isLoggingOut={session.isSigningOut} />
        <main id="main-content" tabIndex={-1} data-live={live} className="flex-1 p-4 outline-none sm:p-6">
          <PageHelpProvider enabled={me.permissions.includes('app-doc')}>
            <Suspense fallback={<Loading className="py-10" />}>
              <Outlet />
            </Suspense>
          </PageHelpProvider>
        </main>
      </SidebarInset>
      <SessionTimeoutDialog
        secondsLeft={session.warning?.secondsLeft ?? null}
        onStayLoggedIn={session.stayLoggedIn}
        onLogOutNow={() => void session.signOut('user')}
        isLoggingOut={session.isSigningOut}
      />
    </SidebarProvider>
  );
}

export function AppShell() {
  const { data: me } = useMe();
  if (!me) return <FullPageLoading />;
  return <SignedInShell me={me} />;
}
