import { useMutation, useQueryClient } from '@tanstack/react-query';
import { csvImportResultSchema, type CsvImportRequest, type CsvImportResult } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { partnersQueryKey } from './get-partners';

/** POST /api/partners/import: a dry run (preview with row errors) or the import of every valid row. */
export async function importPartners(request: CsvImportRequest): Promise<CsvImportResult> {
  const data = await apiClient.post('/api/partners/import', request);
  return csvImportResultSchema.parse(data);
}

export function useImportPartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPartners,
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: partnersQueryKey });
    },
  });
}
