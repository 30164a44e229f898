import { queryOptions, useQuery } from '@tanstack/react-query';
import { carbonPartnerListSchema, type CarbonPartner } from '@common/contracts/carbon';
import { apiClient } from '@web/lib/api-client';

/** GET /api/carbon/partners: the distributors and retailers. */
export async function getCarbonPartners(signal?: AbortSignal): Promise<CarbonPartner[]> {
  return carbonPartnerListSchema.parse(await apiClient.get('/api/carbon/partners', { signal }));
}

export function carbonPartnersQueryOptions() {
  return queryOptions({ queryKey: ['carbon', 'partners'], queryFn: ({ signal }) => getCarbonPartners(signal) });
}

export function useCarbonPartners() {
  return useQuery(carbonPartnersQueryOptions());
}
