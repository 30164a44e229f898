import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyTimeZoneSchema, type CompanyTimeZone } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';

/** PUT /api/company/time-zone */
export async function setCompanyTimeZone(input: CompanyTimeZone): Promise<CompanyTimeZone> {
  return companyTimeZoneSchema.parse(await apiClient.put('/api/company/time-zone', input));
}

/** Every day on screen may move with the zone: everything is read again (the signed-in user's zone first). */
export function useSetCompanyTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCompanyTimeZone, onSuccess: () => queryClient.invalidateQueries() });
}
