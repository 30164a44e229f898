import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';

/** /auth: a user who is already signed in is sent to "/". */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  if (me) return <Navigate to="/" replace />;
  if (isPending) return <FullPageLoading />;
  return children;
}
