import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { returnPath } from '@web/lib/return-path';

/**
 * /auth: a user who is already signed in is sent to "/", or, just after signing in, back to the
 * path of this app they had opened while signed out (see return-path.ts).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (me) return <Navigate to={returnPath(location.state)} replace />;
  if (isPending) return <FullPageLoading />;
  return children;
}
