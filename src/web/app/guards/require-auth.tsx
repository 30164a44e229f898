import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { FullPageLoading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { setChosenSignOut, signedOutState } from '@web/lib/return-path';

/**
 * Every path except /auth and /404: signed-in users only, others go to /auth, which remembers the
 * path they opened and sends them back to it after they sign in.
 */
export function RequireAuth() {
  const { data: me, isError, refetch, isRefetching } = useMe();
  const location = useLocation();
  // Signed in (again): the next end of this session leads back, unless the user chooses to leave.
  useEffect(() => {
    if (me) setChosenSignOut(false);
  }, [me]);

  if (me) return <Outlet />;
  if (me === null) return <Navigate to="/auth" replace state={signedOutState(location)} />;
  if (isError) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-semibold">Cannot reach the server</h1>
        <p className="max-w-sm text-sm text-muted-foreground">
          Your session could not be checked. Check your connection and try again.
        </p>
        <Button onClick={() => void refetch()} disabled={isRefetching}>
          {isRefetching ? 'Retrying...' : 'Try again'}
        </Button>
      </main>
    );
  }
  return <FullPageLoading />;
}
