/** The audit log (Admin only): who did what to which record, with before and after. */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import { isIsoInstant } from './fields';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

/** A day (YYYY-MM-DD, a whole UTC day) or an exact instant (ISO date-time with offset); both bounds inclusive. */
const dateBound = z
  .string()
  .trim()
  .refine((v) => isIsoDay(v) || isIsoInstant(v), 'Use a date (YYYY-MM-DD) or an ISO date-time')
  .optional();

const textFilter = z
  .string()
  .trim()
  .max(100, 'Limited to 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

const auditListOptions = {
  sortable: ['at'],
  defaultSort: 'at',
  defaultDir: 'desc',
  filters: { actorId: uuidFilterSchema, recordType: textFilter, action: textFilter, from: dateBound, to: dateBound },
} as const;

/** GET /api/audit-log (q searches the record id) */
export const listAuditLogQuerySchema = listQuerySchema(auditListOptions);
export type ListAuditLogQuery = z.infer<typeof listAuditLogQuerySchema>;
/** GET /api/audit-log/export.csv */
export const exportAuditLogQuerySchema = exportQuerySchema(auditListOptions);
export type ExportAuditLogQuery = z.infer<typeof exportAuditLogQuerySchema>;

export const auditActorSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });
export type AuditActor = z.infer<typeof auditActorSchema>;

/** How people know an entry's record: its document number or name, and the screen that shows it. */
export const auditRecordSchema = z.object({ label: z.string(), path: z.string().nullable() });
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema.nullable(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  /** The record as its screen names it (SO-000025, a partner's name…); null when nothing names it. */
  record: auditRecordSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogListSchema = listResponseSchema(auditEntrySchema);

/** GET /api/audit-log/facets: the values the filters offer. */
export const auditFacetsSchema = z.object({ recordTypes: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** GET /api/audit-log/actors: everyone who appears as the actor of an entry. */
export const auditActorsSchema = z.object({ items: z.array(auditActorSchema) });
