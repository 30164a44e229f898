import { useMutation } from '@tanstack/react-query';
import { importPreviewSchema, type ImportPreview, type ImportStoveIds } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';

/**
 * POST /api/stove-id-imports/preview: counts and every problem (malformed, repeated in the list,
 * already exists) without changing anything.
 */
export async function previewStoveIdImport(input: ImportStoveIds): Promise<ImportPreview> {
  const data = await apiClient.post('/api/stove-id-imports/preview', input);
  return importPreviewSchema.parse(data);
}

export function usePreviewStoveIdImport() {
  return useMutation({ mutationFn: previewStoveIdImport });
}
