import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ckdCategorySchema, type CkdCategory, type CkdCategoryInput } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { ckdQueryKey } from './ckd-query-keys';

/** POST /api/ckd/categories (409 with fieldErrors.name / .code when taken). */
export async function createCkdCategory(input: CkdCategoryInput): Promise<CkdCategory> {
  const data = await apiClient.post('/api/ckd/categories', input);
  return ckdCategorySchema.parse(data);
}

export function useCreateCkdCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCkdCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ckdQueryKey }),
  });
}
