import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAttachmentsResponseSchema, type Attachment, type AttachmentKind } from '@common/contracts/attachments';
import { apiClient, type UploadProgress } from '@web/lib/api-client';
import { recordFilesPath, recordFilesQueryKey } from './get-record-files';

export interface UploadRecordFilesInput {
  files: readonly File[];
  /** Called as the files go out. */
  onProgress?: (progress: UploadProgress) => void;
  /** Stops the upload (nothing is attached). */
  signal?: AbortSignal;
}

/** POST <record>/files: attaches every file or none (the server checks each one's bytes, size and the count). */
export async function uploadRecordFiles(
  kind: AttachmentKind,
  recordId: string,
  { files, onProgress, signal }: UploadRecordFilesInput,
): Promise<Attachment[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const data = await apiClient.upload(recordFilesPath(kind, recordId), form, { onProgress, signal });
  return uploadAttachmentsResponseSchema.parse(data).items;
}

export function useUploadRecordFiles(kind: AttachmentKind, recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadRecordFilesInput) => uploadRecordFiles(kind, recordId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordFilesQueryKey(kind, recordId) }),
  });
}
