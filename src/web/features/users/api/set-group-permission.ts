import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  groupPermissionsSchema,
  type GroupPermissions,
  type SetGroupPermission,
} from '@common/contracts/group-permissions';
import { apiClient } from '@web/lib/api-client';
import { groupPermissionsQueryKey } from './get-group-permissions';

/** PUT /api/group-permissions: grants or revokes one component for one group (Admin group only). */
export async function setGroupPermission(input: SetGroupPermission): Promise<GroupPermissions> {
  const data = await apiClient.put('/api/group-permissions', input);
  return groupPermissionsSchema.parse(data);
}

export function useSetGroupPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupPermission,
    onSuccess: (table) => {
      queryClient.setQueryData(groupPermissionsQueryKey, table);
      // The signed-in user's own menu may have changed too.
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
