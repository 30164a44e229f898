import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ATTACHMENT_KIND_INFO,
  attachmentListSchema,
  type AttachmentKind,
  type AttachmentList,
} from '@common/contracts/attachments';
import { apiClient } from '@web/lib/api-client';

/** `<record base>/:id/files`: where the files of one record are (`/api/stove-transfers/…/files`). */
export function recordFilesPath(kind: AttachmentKind, recordId: string): string {
  return `${ATTACHMENT_KIND_INFO[kind].base}/${encodeURIComponent(recordId)}/files`;
}

/** GET <record>/files/:fileId: the file as an attachment, for a plain link (a browser download, not fetch). */
export function recordFileHref(kind: AttachmentKind, recordId: string, fileId: string): string {
  return `${recordFilesPath(kind, recordId)}/${encodeURIComponent(fileId)}`;
}

/** GET <record>/files/:fileId/thumbnail: a small WebP of an image file, for an <img>. */
export function recordFileThumbnailHref(kind: AttachmentKind, recordId: string, fileId: string): string {
  return `${recordFileHref(kind, recordId, fileId)}/thumbnail`;
}

/** The key of one record's files (invalidate it after an upload or a deletion). */
export function recordFilesQueryKey(kind: AttachmentKind, recordId: string) {
  return ['record-files', kind, recordId] as const;
}

/** GET <record>/files: the record's files by name (at most 20, within the first page of 100), and whether I may change them. */
export async function getRecordFiles(
  kind: AttachmentKind,
  recordId: string,
  signal?: AbortSignal,
): Promise<AttachmentList> {
  const data = await apiClient.get(recordFilesPath(kind, recordId), { signal });
  return attachmentListSchema.parse(data);
}

export function recordFilesQueryOptions(kind: AttachmentKind, recordId: string) {
  return queryOptions({
    queryKey: recordFilesQueryKey(kind, recordId),
    queryFn: ({ signal }) => getRecordFiles(kind, recordId, signal),
  });
}

export function useRecordFiles(kind: AttachmentKind, recordId: string) {
  return useQuery(recordFilesQueryOptions(kind, recordId));
}
