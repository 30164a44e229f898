/**
 * Files on documents (issue 25): photos of signed delivery notes, supplier invoices, damaged labels
 * and contracts, attached to the record they belong to. Each record kind is reached under its own
 * address (`/api/stove-transfers/:id/files`…) with the permission of the record: its view
 * permission to list and download, its edit permission to upload and delete.
 */
import { z } from 'zod';
import type { Permission } from '../permissions';
import { personRefSchema } from './fields';

export const ATTACHMENT_KINDS = [
  'stove-transfer',
  'stove-report',
  'sales-order',
  'sales-return',
  'ckd-transfer',
  'inventory-entry',
  'steel-record',
  'partner',
  'announcement',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export interface AttachmentKindInfo {
  /** The record's API address; its files are under `<base>/:id/files`. */
  base: string;
  /** The record in words ("stove transfer"). */
  noun: string;
  /** Lists and downloads (any one of them); `authenticated`: every signed-in user the record reaches (an announcement's readers). */
  view: Permission | readonly Permission[] | 'authenticated';
  /** Uploads and deletions (any one of them). */
  edit: Permission | readonly Permission[];
  /** Integer ids (steel records) rather than uuids. */
  numericId?: true;
}

export const ATTACHMENT_KIND_INFO: Readonly<Record<AttachmentKind, AttachmentKindInfo>> = {
  'stove-transfer': {
    base: '/api/stove-transfers',
    noun: 'stove transfer',
    view: 'stove-id-management',
    edit: 'stove-id-management',
  },
  'stove-report': {
    base: '/api/stove-reports',
    noun: 'stove report',
    view: 'production-management',
    edit: 'production-management',
  },
  'sales-order': {
    base: '/api/sales/orders',
    noun: 'sales order',
    view: ['sales-order', 'sales-management'],
    edit: 'sales-order',
  },
  'sales-return': {
    base: '/api/sales/returns',
    noun: 'return note',
    view: ['sales-order', 'sales-management'],
    edit: 'sales-order',
  },
  'ckd-transfer': {
    base: '/api/ckd/transfers',
    noun: 'kit transfer',
    view: 'ckd-management',
    edit: ['ckd-transfer', 'transfer-ckd-to-factory'],
  },
  'inventory-entry': {
    base: '/api/inventory/entries',
    noun: 'inventory document',
    view: 'inventory-management',
    edit: 'inventory-management',
  },
  'steel-record': {
    base: '/api/steel/records',
    noun: 'steel record',
    view: 'steel-management',
    edit: 'steel-records',
    numericId: true,
  },
  partner: {
    base: '/api/partners',
    noun: 'partner',
    view: 'customer-management',
    edit: 'customer-management',
  },
  announcement: {
    base: '/api/announcements',
    noun: 'announcement',
    // Its readers too: the ones it reaches now (published, unexpired, addressed to them) see its files.
    view: 'authenticated',
    edit: 'announcement-management',
  },
};

/** At most this many bytes a file. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many files a record. */
export const ATTACHMENTS_PER_RECORD = 20;
/** The longest side of an image's thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;

/** The types a file may be (checked from its bytes), with the extension a download gets. */
export const ATTACHMENT_TYPES = {
  'application/pdf': { extension: 'pdf', label: 'PDF' },
  'image/jpeg': { extension: 'jpg', label: 'JPEG' },
  'image/png': { extension: 'png', label: 'PNG' },
  'image/webp': { extension: 'webp', label: 'WebP' },
  'text/csv': { extension: 'csv', label: 'CSV' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extension: 'xlsx', label: 'XLSX' },
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

export const ATTACHMENT_MESSAGES = {
  tooBig: (name: string) => `${name} is larger than 10 MB: send a smaller file or a photo at a lower resolution.`,
  wrongType: (name: string) => `${name} is not a PDF, JPEG, PNG, WebP, CSV or XLSX file, so it was not attached.`,
  tooMany: (left: number) =>
    left === 0
      ? `This record already has ${ATTACHMENTS_PER_RECORD} files, the most it can have: delete one first.`
      : `A record can have at most ${ATTACHMENTS_PER_RECORD} files: only ${left} more can be attached.`,
  noFile: 'Choose at least one file to attach.',
} as const;

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string().describe('The name the file was uploaded with'),
  type: z.string().describe('The type detected from its bytes'),
  size: z.number().int().describe('Bytes'),
  hasThumbnail: z.boolean().describe('An image: GET …/files/:fileId/thumbnail gives a small WebP of it'),
  uploadedBy: personRefSchema,
  uploadedAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** GET <record>/files: the storage list defaults (spec: limit 100, offset 0, by name ascending). */
export const listAttachmentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['name', 'uploadedAt', 'size']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type ListAttachmentsQuery = z.infer<typeof listAttachmentsQuerySchema>;

export const attachmentListSchema = z.object({
  items: z.array(attachmentSchema),
  total: z.number().int(),
  /** What the caller may do: upload and delete (the record's edit permission). */
  canEdit: z.boolean(),
});
export type AttachmentList = z.infer<typeof attachmentListSchema>;

export const uploadAttachmentsResponseSchema = z.object({ items: z.array(attachmentSchema) });
