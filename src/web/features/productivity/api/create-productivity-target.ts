import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  productivityTargetSchema,
  type CreateProductivityTarget,
  type ProductivityTarget,
} from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';
import { productivityTargetsQueryKey } from './get-productivity-targets';
import { productivityTrackerQueryKey } from './get-productivity-tracker';

/** POST /api/productivity/targets (409 with fieldErrors.effectiveFrom when the scope has a target that day). */
export async function createProductivityTarget(input: CreateProductivityTarget): Promise<ProductivityTarget> {
  const data = await apiClient.post('/api/productivity/targets', input);
  return productivityTargetSchema.parse(data);
}

export function useCreateProductivityTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProductivityTarget,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productivityTargetsQueryKey });
      await queryClient.invalidateQueries({ queryKey: productivityTrackerQueryKey });
    },
  });
}
