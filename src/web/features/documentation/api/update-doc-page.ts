import { useMutation, useQueryClient } from '@tanstack/react-query';
import { docPageSchema, type DocPage, type UpdateDocPage } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { documentationQueryKey } from './get-doc-pages';

/** PATCH /api/documentation/pages/:slug (409 when someone saved since `changes.version`). */
export async function updateDocPage({ slug, changes }: { slug: string; changes: UpdateDocPage }): Promise<DocPage> {
  return docPageSchema.parse(await apiClient.patch(`/api/documentation/pages/${encodeURIComponent(slug)}`, changes));
}

export function useUpdateDocPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocPage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentationQueryKey }),
  });
}
