/** The files panel's rules: what the file chooser offers, what is refused before sending, and how a file is described. */
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_RECORD,
  type Attachment,
  type AttachmentKind,
} from '@common/contracts/attachments';
import { counted } from '@common/counted';
import { formatBytes, formatDateTime } from '@web/lib/format';

/** The file chooser's `accept`: the allowed types, by extension and by type (the server still checks the bytes). */
export const FILE_INPUT_ACCEPT = [
  ...Object.values(ATTACHMENT_TYPES).map((t) => `.${t.extension}`),
  '.jpeg',
  ...Object.keys(ATTACHMENT_TYPES),
].join(',');

/** What may be attached, in words: under the chooser. */
export const FILE_RULES = `PDF, JPEG, PNG, WebP, CSV or XLSX, at most 10 MB each and ${ATTACHMENTS_PER_RECORD} files on a record.`;

/** What is usually attached to each kind of record: the empty panel's suggestion to those who may attach. */
export const ATTACH_SUGGESTION: Readonly<Record<AttachmentKind, string>> = {
  'stove-transfer': 'Attach a photo of the signed delivery note.',
  'stove-report': 'Attach a photo of the signed production sheet or of a damaged label.',
  'sales-order': 'Attach the signed delivery note, the invoice or the customer’s order.',
  'sales-return': 'Attach the signed return note or photos of the returned stoves.',
  'ckd-transfer': 'Attach a photo of the signed delivery note.',
  'inventory-entry': 'Attach the supplier’s invoice or delivery note.',
  'steel-record': 'Attach the supplier’s invoice or delivery note.',
  partner: 'Attach the signed contract or the partner’s registration papers.',
  announcement: 'Attach a document or a picture for the people it is addressed to.',
};

/** The panel's heading count: "3 of 20" to those who may attach (the room left matters), "3" to readers. */
export function filesCount(total: number, canEdit: boolean): string {
  return canEdit ? `${total} of ${ATTACHMENTS_PER_RECORD}` : String(total);
}

/** "PDF", "JPEG"…, or "File" for a type the panel does not know. */
export function fileTypeLabel(type: string): string {
  return Object.hasOwn(ATTACHMENT_TYPES, type) ? ATTACHMENT_TYPES[type as keyof typeof ATTACHMENT_TYPES].label : 'File';
}

/**
 * Why the chosen files cannot be sent, in the server's own words, or null: one is larger than
 * 10 MB, or the record would have more than 20 files (`have`: its files now). Saves sending
 * megabytes the server would refuse; the type is left to the server, which reads the bytes.
 */
export function refusalBeforeUpload(files: readonly { name: string; size: number }[], have: number): string | null {
  if (files.length === 0) return ATTACHMENT_MESSAGES.noFile;
  const big = files.find((f) => f.size > ATTACHMENT_MAX_BYTES);
  if (big) return ATTACHMENT_MESSAGES.tooBig(big.name);
  if (have + files.length > ATTACHMENTS_PER_RECORD) return ATTACHMENT_MESSAGES.tooMany(ATTACHMENTS_PER_RECORD - have);
  return null;
}

/** What a refusal says: the reason, after "None of the 3 files was attached." when several were sent (all or none). */
export function refusalMessage(reason: string, sent: number): string {
  return sent > 1 ? `None of the ${sent} files was attached. ${reason}` : reason;
}

/** The whole number percent of an upload sent (0 to 100). */
export function uploadPercent(progress: { loaded: number; total: number } | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((progress.loaded / progress.total) * 100)));
}

/** "signed note.jpg attached", "3 files attached". */
export function attachedMessage(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} attached` : `${counted(names.length, 'file')} attached`;
}

/** "Uploading signed note.jpg", "Uploading 3 files". */
export function uploadingMessage(names: readonly string[]): string {
  return names.length === 1 ? `Uploading ${names[0]}` : `Uploading ${counted(names.length, 'file')}`;
}

/** A file's line under its name: "PDF · 12 KB · Ann Wanjiru, 27 Nov 2026, 10:42". */
export function fileFacts(file: Pick<Attachment, 'type' | 'size' | 'uploadedBy' | 'uploadedAt'>): string {
  const who = file.uploadedBy ? (file.uploadedBy.name ?? file.uploadedBy.email) : 'a former user';
  return `${fileTypeLabel(file.type)} · ${formatBytes(file.size)} · ${who}, ${formatDateTime(file.uploadedAt)}`;
}

/** "1 file", "3 files": what a record that has files shows its readers (none: nothing to open). */
export function attachedCount(count: number): string | null {
  return count > 0 ? counted(count, 'file') : null;
}
