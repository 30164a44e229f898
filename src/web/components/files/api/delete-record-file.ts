import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachmentKind } from '@common/contracts/attachments';
import { apiClient } from '@web/lib/api-client';
import { recordFileHref, recordFilesQueryKey } from './get-record-files';

/** DELETE <record>/files/:fileId: removes the file from the record (audited). */
export async function deleteRecordFile(kind: AttachmentKind, recordId: string, fileId: string): Promise<void> {
  await apiClient.delete(recordFileHref(kind, recordId, fileId));
}

export function useDeleteRecordFile(kind: AttachmentKind, recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteRecordFile(kind, recordId, fileId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordFilesQueryKey(kind, recordId) }),
  });
}
