import type { ReactNode } from 'react';
import type { Permission } from '@common/permissions';
import { Loading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { AccessDeniedCard } from '../components/access-denied-card';

/**
 * Renders its page only with the route's permission, or one of them when given a list (spec §2);
 * the server checks again.
 */
export function PermissionGuard({
  permission,
  children,
}: {
  permission: Permission | readonly Permission[];
  children: ReactNode;
}) {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading className="py-10" />;
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  if (!anyOf.some((p) => me?.permissions.includes(p))) return <AccessDeniedCard />;
  return children;
}
