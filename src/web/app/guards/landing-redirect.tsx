import { Navigate } from 'react-router';
import { landingPath } from '@common/permissions';
import { Loading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { AccessDeniedCard } from '../components/access-denied-card';

/** "/": the landing page of the user's group (spec §2), or Access Denied when there is none. */
export function LandingRedirect() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading className="py-10" />;
  const target = me ? landingPath(me.groups, new Set(me.permissions)) : null;
  if (target === null) return <AccessDeniedCard />;
  return <Navigate to={target} replace />;
}
