/**
 * Stove IDs (DOMAIN.md §4 "Stove IDs"): registry, batches, imports, voiding, history, transfers
 * and validation. One contract per endpoint; the routes and the web forms both use these.
 */
import { z } from 'zod';
import {
  STOVE_BATCH_MAX,
  STOVE_CODE_PATTERN,
  STOVE_PREFIX_PATTERN,
  STOVE_WIDTH_MAX,
  STOVE_WIDTH_MIN,
  normalizeCode,
} from '../stove-codes';
import {
  dayFilterSchema,
  documentNumberLabel,
  factoryRefSchema,
  optionalText,
  parseDocumentNumber,
  personRefSchema,
  reasonSchema,
  statusSchema,
} from './fields';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

export const STOVE_ID_STATUSES = ['in_stock', 'coupled', 'validated', 'sold', 'in_transit', 'void'] as const;
export const stoveIdStatusSchema = statusSchema(STOVE_ID_STATUSES);
export type StoveIdStatus = z.infer<typeof stoveIdStatusSchema>;
export const STOVE_ID_STATUS_LABELS: Record<StoveIdStatus, string> = {
  in_stock: 'In stock',
  coupled: 'Coupled',
  validated: 'Validated',
  sold: 'Sold',
  in_transit: 'In transit',
  void: 'Void',
};
/** Statuses an ID may be sent on a transfer from (and that a transfer restores). */
export const TRANSFERABLE_STATUSES = ['in_stock', 'coupled', 'validated'] as const satisfies readonly StoveIdStatus[];

export const STOVE_BATCH_KINDS = ['generated', 'imported'] as const;
export type StoveBatchKind = (typeof STOVE_BATCH_KINDS)[number];

/** What happened to an ID; one history event per status change. */
export const STOVE_EVENT_KINDS = [
  'created', // generated or imported (to in_stock)
  'sent', // put on a transfer (to in_transit)
  'received', // transfer confirmed for this ID (to its held status, at the destination)
  'returned', // left out of a partial confirmation (back to the sender, held status)
  'rejected', // transfer rejected (back to the sender)
  'canceled', // transfer canceled by the sender
  'coupled', // on a stove report (issue 5)
  'report_voided', // its stove report was voided (issue 5)
  'validated', // approved on Validate Stove IDs
  'sold', // on a sales order (issue 7)
  'sale_canceled', // its sales order was canceled (issue 7)
  'sale_returned', // returned from its sales order on a return note (issue 22)
  'voided', // label damaged or lost
  'migrated', // status carried over from the previous system (demo data and data migration)
  'end_user_registered', // handed over to its end user (issue 26; the status stays sold)
  'end_user_ended', // its end user registration ended: the stove was returned (issue 26)
] as const;
export type StoveEventKind = (typeof STOVE_EVENT_KINDS)[number];

export const STOVE_DOCUMENT_TYPES = ['batch', 'transfer', 'stove_report', 'sales_order'] as const;
export type StoveDocumentType = (typeof STOVE_DOCUMENT_TYPES)[number];

export const STOVE_TRANSFER_STATUSES = ['pending', 'confirmed', 'partially_confirmed', 'rejected', 'canceled'] as const;
export const stoveTransferStatusSchema = statusSchema(STOVE_TRANSFER_STATUSES);
export type StoveTransferStatus = z.infer<typeof stoveTransferStatusSchema>;
export const STOVE_TRANSFER_STATUS_LABELS: Record<StoveTransferStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  partially_confirmed: 'Partially confirmed',
  rejected: 'Rejected',
  canceled: 'Canceled',
};
export const STOVE_TRANSFER_ITEM_OUTCOMES = ['pending', 'received', 'returned'] as const;
export type StoveTransferItemOutcome = (typeof STOVE_TRANSFER_ITEM_OUTCOMES)[number];

/** Most codes one request may carry (a transfer, an import, a void, a validation). */
export const STOVE_CODES_PER_REQUEST_MAX = 100_000;

const code = z
  .string()
  .transform(normalizeCode)
  .refine((v) => STOVE_CODE_PATTERN.test(v), 'A code is 4-32 characters of A-Z, 0-9 and -');
/** Codes as the user typed them: any text, normalized; checked one by one by the service. */
const rawCodes = z
  .array(z.string().max(100, 'A code is at most 32 characters'))
  .min(1, 'Add at least one stove ID')
  .max(STOVE_CODES_PER_REQUEST_MAX, `At most ${STOVE_CODES_PER_REQUEST_MAX.toLocaleString('en-US')} stove IDs at once`);
const note = optionalText(1000, 'Note');

// ---------------------------------------------------------------------------------------------
// Registry

/** The `:code` of /api/stove-ids/:code. */
export const stoveCodeParamsSchema = z.object({ code });

export const stoveIdSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: stoveIdStatusSchema,
  /** While in_transit: the status the transfer will restore. */
  heldStatus: stoveIdStatusSchema.nullable(),
  factory: factoryRefSchema,
  batch: z.object({ id: z.string(), number: z.number().int(), kind: z.enum(STOVE_BATCH_KINDS) }),
  pendingTransferId: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoveId = z.infer<typeof stoveIdSchema>;

const stoveIdListOptions = {
  // Not by last change: a million IDs would be sorted on every page, and an index on it would be
  // paid by every status change (decision 0009).
  sortable: ['code', 'createdAt'],
  defaultSort: 'code',
  filters: {
    factoryId: uuidFilterSchema,
    status: stoveIdStatusSchema.optional(),
    batchId: uuidFilterSchema,
    /** Created on or after this day (on the calendar of the caller: their factory's time zone, else the company's). */
    from: dayFilterSchema,
    /** Created on or before this day (the same calendar). */
    to: dayFilterSchema,
  },
} as const;
/** GET /api/stove-ids: `q` matches a code exactly or as a prefix. Factory-scoped users see their factory's. */
export const listStoveIdsQuerySchema = listQuerySchema(stoveIdListOptions);
export type ListStoveIdsQuery = z.infer<typeof listStoveIdsQuerySchema>;
/** GET /api/stove-ids/export.csv */
export const exportStoveIdsQuerySchema = exportQuerySchema(stoveIdListOptions);
export const stoveIdListSchema = listResponseSchema(stoveIdSchema);

export const stoveIdEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOVE_EVENT_KINDS),
  fromStatus: stoveIdStatusSchema.nullable(),
  toStatus: stoveIdStatusSchema,
  factory: factoryRefSchema,
  document: z.object({ type: z.enum(STOVE_DOCUMENT_TYPES), id: z.string(), label: z.string() }).nullable(),
  note: z.string().nullable(),
  at: z.string(),
  actor: personRefSchema,
});
export type StoveIdEvent = z.infer<typeof stoveIdEventSchema>;

/** GET /api/stove-ids/:code: the ID, its whole timeline (oldest first) and its current document. */
export const stoveIdDetailSchema = stoveIdSchema.extend({
  events: z.array(stoveIdEventSchema),
  currentDocument: z.object({ type: z.enum(STOVE_DOCUMENT_TYPES), id: z.string(), label: z.string() }).nullable(),
});
export type StoveIdDetail = z.infer<typeof stoveIdDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Batches and imports

export const stoveBatchSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(STOVE_BATCH_KINDS),
  factory: factoryRefSchema,
  prefix: z.string().nullable(),
  firstNumber: z.number().int().nullable(),
  width: z.number().int().nullable(),
  count: z.number().int(),
  firstCode: z.string(),
  lastCode: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type StoveBatch = z.infer<typeof stoveBatchSchema>;

const batchListOptions = {
  sortable: ['createdAt', 'number'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { factoryId: uuidFilterSchema, kind: z.enum(STOVE_BATCH_KINDS).optional() },
} as const;
/** GET /api/stove-id-batches */
export const listStoveBatchesQuerySchema = listQuerySchema(batchListOptions);
export type ListStoveBatchesQuery = z.infer<typeof listStoveBatchesQuerySchema>;
export const stoveBatchListSchema = listResponseSchema(stoveBatchSchema);

const batchPrefix = z
  .string({ error: 'Type a prefix' })
  .transform(normalizeCode)
  .refine((v) => STOVE_PREFIX_PATTERN.test(v), 'A prefix is 1-12 characters of A-Z, 0-9 and -, starting with a letter');
const batchWidth = z.coerce
  .number({ error: 'The width must be a whole number' })
  .int('The width must be a whole number')
  .min(STOVE_WIDTH_MIN, `The width is at least ${STOVE_WIDTH_MIN}`)
  .max(STOVE_WIDTH_MAX, `The width is at most ${STOVE_WIDTH_MAX}`);

/** GET /api/stove-id-batches/next-number: the first free number after the highest code of a prefix and width. */
export const nextBatchNumberQuerySchema = z.object({ prefix: batchPrefix, width: batchWidth });

export const nextBatchNumberSchema = z.object({
  prefix: z.string(),
  width: z.number().int(),
  /** The highest existing code of this prefix and width (any batch, any factory); null: none yet. */
  highestCode: z.string().nullable(),
  /** The number after it (1 when there is none); null when it no longer fits in `width` digits. */
  nextNumber: z.number().int().nullable(),
});
export type NextBatchNumber = z.infer<typeof nextBatchNumberSchema>;

/**
 * POST /api/stove-id-batches: generate `count` codes from `firstNumber` (all or nothing).
 * With `Accept: application/x-ndjson` the answer streams progress lines
 * `{"progress":0.25}` and ends with `{"batch":{…}}` (or `{"error":{…}}`).
 */
export const createStoveBatchSchema = z
  .object({
    factoryId: z.string().uuid('Choose a factory'),
    prefix: batchPrefix,
    firstNumber: z.coerce
      .number()
      .int('The first number must be a whole number')
      .min(0, 'The first number cannot be negative'),
    count: z.coerce
      .number()
      .int('The count must be a whole number')
      .min(1, 'Generate at least one ID')
      .max(STOVE_BATCH_MAX, `A batch holds at most ${STOVE_BATCH_MAX.toLocaleString('en-US')} IDs`),
    width: batchWidth,
    note,
  })
  .superRefine((v, ctx) => {
    if (v.firstNumber + v.count - 1 >= 10 ** v.width)
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: `The last number does not fit in ${v.width} digits`,
      });
    if (v.prefix.length + v.width + 1 > 32)
      ctx.addIssue({ code: 'custom', path: ['width'], message: 'Prefix, number and check digit exceed 32 characters' });
  });

/** One streamed line of a batch generation. */
export const stoveBatchProgressSchema = z.union([
  z.object({ progress: z.number() }),
  z.object({ batch: stoveBatchSchema }),
  z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
]);

/** Why a code of an import, a transfer or a void cannot be taken. */
export const codeProblemSchema = z.object({
  code: z.string(),
  reason: z.string(),
});
export type CodeProblem = z.infer<typeof codeProblemSchema>;

/** POST /api/stove-id-imports/preview and POST /api/stove-id-imports (all or nothing). */
export const importStoveIdsSchema = z.object({
  factoryId: z.string().uuid('Choose a factory'),
  codes: rawCodes,
  note,
});
export type ImportStoveIds = z.input<typeof importStoveIdsSchema>;
export const importPreviewSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  /** Malformed codes, codes repeated in the list and codes that already exist, each with its reason. */
  problems: z.array(codeProblemSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/stove-ids/void: void IDs with a reason (all or nothing; not sold or in transit). */
export const voidStoveIdsSchema = z.object({ codes: rawCodes, reason: reasonSchema });
export type VoidStoveIds = z.input<typeof voidStoveIdsSchema>;
export const voidResultSchema = z.object({ voided: z.number().int() });

/** GET /api/stove-ids/labels?batchId=… or POST /api/stove-ids/labels { codes }: codes for a label sheet. */
export const labelsQuerySchema = z.object({ batchId: z.string().uuid('Must be a valid id') });
export const labelsRequestSchema = z.object({ codes: rawCodes.max(5_000, 'At most 5,000 labels at once') });
export const labelSheetSchema = z.object({
  title: z.string(),
  labels: z.array(z.object({ code: z.string(), factoryCode: z.string() })),
});
export type LabelSheet = z.infer<typeof labelSheetSchema>;

// ---------------------------------------------------------------------------------------------
// Transfers

export const stoveTransferSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: stoveTransferStatusSchema,
  from: factoryRefSchema,
  to: factoryRefSchema,
  idCount: z.number().int(),
  receivedCount: z.number().int().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
  decidedAt: z.string().nullable(),
  decidedBy: personRefSchema,
});
export type StoveTransfer = z.infer<typeof stoveTransferSchema>;

/** GET /api/stove-transfers/:id: the transfer and each ID with its outcome. */
export const stoveTransferDetailSchema = stoveTransferSchema.extend({
  items: z.array(
    z.object({
      code: z.string(),
      outcome: z.enum(STOVE_TRANSFER_ITEM_OUTCOMES),
      /** The status the ID had when sent (restored when it arrives or returns). */
      heldStatus: stoveIdStatusSchema.nullable(),
    }),
  ),
  /** What the signed-in user may do with it now. */
  can: z.object({ confirm: z.boolean(), reject: z.boolean(), cancel: z.boolean() }),
});
export type StoveTransferDetail = z.infer<typeof stoveTransferDetailSchema>;

const transferListOptions = {
  sortable: ['createdAt', 'number'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    /** incoming: to my factory; outgoing: from my factory (global users: any). */
    direction: z.enum(['incoming', 'outgoing']).optional(),
    status: stoveTransferStatusSchema.optional(),
    fromFactoryId: uuidFilterSchema,
    toFactoryId: uuidFilterSchema,
    from: dayFilterSchema,
    to: dayFilterSchema,
  },
} as const;
/** GET /api/stove-transfers (q: a transfer number, or a stove ID on it). */
export const listStoveTransfersQuerySchema = listQuerySchema(transferListOptions);
export type ListStoveTransfersQuery = z.infer<typeof listStoveTransfersQuerySchema>;
/** GET /api/stove-transfers/export.csv */
export const exportStoveTransfersQuerySchema = exportQuerySchema(transferListOptions);
export const stoveTransferListSchema = listResponseSchema(stoveTransferSchema);

/** POST /api/stove-transfers/check and POST /api/stove-transfers (send; all or nothing). */
export const sendStoveTransferSchema = z.object({
  /** The sending factory: a factory-scoped user's own is used whatever is sent. */
  fromFactoryId: z.string().uuid('Choose the sending factory'),
  toFactoryId: z.string().uuid('Choose the destination factory'),
  codes: rawCodes,
  note,
});
export type SendStoveTransfer = z.input<typeof sendStoveTransferSchema>;

/** Each code's eligibility for a transfer. */
export const transferCheckSchema = z.object({
  items: z.array(
    z.object({
      code: z.string(),
      eligible: z.boolean(),
      status: stoveIdStatusSchema.nullable(),
      /** Why not, when not eligible. */
      reason: z.string().nullable(),
    }),
  ),
  eligible: z.number().int(),
  ineligible: z.number().int(),
});
export type TransferCheck = z.infer<typeof transferCheckSchema>;

/** POST /api/stove-transfers/:id/confirm: all IDs, or only `codes` (the rest return to the sender). */
export const confirmStoveTransferSchema = z.object({ codes: rawCodes.optional() });
export type ConfirmStoveTransfer = z.input<typeof confirmStoveTransferSchema>;
/** POST /api/stove-transfers/:id/reject */
export const rejectStoveTransferSchema = z.object({ reason: reasonSchema });
export type RejectStoveTransfer = z.input<typeof rejectStoveTransferSchema>;

/** GET /api/stove-transfers/pending-count: incoming pending transfers for the sidebar badge. */
export const pendingTransferCountSchema = z.object({ incoming: z.number().int() });

/** A batch's number as people see it: B-000012. */
export function batchNumberLabel(number: number): string {
  return documentNumberLabel('B', number);
}

/** A transfer's number as people see it: TR-000123. */
export function transferNumberLabel(number: number): string {
  return documentNumberLabel('TR', number);
}

/** A transfer number typed in a search ("TR-000012", "tr12", "12"), or null. */
export function parseTransferNumber(text: string): number | null {
  return parseDocumentNumber('TR', text);
}

// ---------------------------------------------------------------------------------------------
// IDs on a document (stove reports, sales orders)

/**
 * POST …/check of a document: each code's verdict ('ok': it can go on the document), in the order
 * given, and how many can and cannot.
 */
export function documentIdCheckSchema<const V extends readonly [string, ...string[]]>(verdicts: V) {
  return z.object({
    items: z.array(
      z.object({
        code: z.string(),
        verdict: z.enum(verdicts),
        /** The ID's status when known (and at a factory the caller sees). */
        status: stoveIdStatusSchema.nullable(),
        /** Why it cannot go on the document; null when it can. */
        reason: z.string().nullable(),
      }),
    ),
    ok: z.number().int(),
    problems: z.number().int(),
  });
}

/** A document's stove IDs, in code order, each with its status now. */
export const documentStoveIdsSchema = z.array(z.object({ code: z.string(), status: stoveIdStatusSchema }));

// ---------------------------------------------------------------------------------------------
// Validation

export const VALIDATION_VERDICTS = [
  'pass', // coupled, at the right factory: can be approved
  'unknown',
  'malformed',
  'bad_check_digit',
  'duplicate',
  'wrong_factory',
  'in_stock',
  'validated',
  'sold',
  'in_transit',
  'void',
] as const;
export type ValidationVerdict = (typeof VALIDATION_VERDICTS)[number];
export const VALIDATION_VERDICT_LABELS: Record<ValidationVerdict, string> = {
  pass: 'Passes (coupled)',
  unknown: 'Unknown ID',
  malformed: 'Not a stove ID',
  bad_check_digit: 'Bad check digit',
  duplicate: 'Duplicate in the list',
  wrong_factory: 'Wrong factory',
  in_stock: 'In stock (not coupled)',
  validated: 'Already validated',
  sold: 'Sold',
  in_transit: 'In transit',
  void: 'Void',
};

/** POST /api/stove-ids/validate: a verdict per code, in the order given. */
export const validateStoveIdsSchema = z.object({
  codes: rawCodes,
  /** The factory the IDs should be at: a factory-scoped user's own is used whatever is sent. */
  factoryId: z.string().uuid('Must be a valid id').nullish(),
});
export type ValidateStoveIds = z.input<typeof validateStoveIdsSchema>;
export const validationResultSchema = z.object({
  items: z.array(
    z.object({
      code: z.string(),
      verdict: z.enum(VALIDATION_VERDICTS),
      /**
       * The short code of the factory the ID is at (details in `factories`); null for an unknown
       * code, or an ID at another factory than a factory-scoped caller's. A code rather than the
       * whole factory: 100,000 items stay a few MB.
       */
      factoryCode: z.string().nullable(),
    }),
  ),
  /** The factories the items name. */
  factories: z.array(factoryRefSchema),
  summary: z.record(z.enum(VALIDATION_VERDICTS), z.number().int()),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;

/** POST /api/stove-ids/approve: the passing coupled IDs become validated (all or nothing). */
export const approveStoveIdsSchema = z.object({
  codes: rawCodes,
  factoryId: z.string().uuid('Must be a valid id').nullish(),
});
export type ApproveStoveIds = z.input<typeof approveStoveIdsSchema>;
export const approveResultSchema = z.object({ approved: z.number().int() });
