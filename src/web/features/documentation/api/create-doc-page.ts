import { useMutation, useQueryClient } from '@tanstack/react-query';
import { docPageSchema, type CreateDocPage, type DocPage } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { documentationQueryKey } from './get-doc-pages';

/** POST /api/documentation/pages */
export async function createDocPage(input: CreateDocPage): Promise<DocPage> {
  return docPageSchema.parse(await apiClient.post('/api/documentation/pages', input));
}

export function useCreateDocPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocPage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentationQueryKey }),
  });
}
