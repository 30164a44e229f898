/**
 * Sales orders, Canceled Sales and the Sales Report (DOMAIN.md §4 "Sales").
 *
 * An order is made at one factory on one day for one customer in one sales category (the
 * customer's default unless chosen). Its lines are packages and quantities; each line's unit
 * price is the price in force for that package and category on the order's day, looked up by the
 * server: the client never sends prices or totals (anything it sends is ignored). The order lists
 * the stove IDs delivered: validated, at the order's factory, exactly as many as the lines'
 * stoves. Saving marks them sold, all or nothing. Canceling (with a reason) returns them to
 * validated; the order stays, listed under Canceled Sales. Some IDs of a completed order can be
 * returned on a return note (RN-000123) with a reason: they are validated again, the note credits
 * what they were sold for, and the sales report nets it on the return's day.
 */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import {
  dayFilterSchema,
  documentNumberLabel,
  factoryRefSchema,
  optionalText,
  parseDocumentNumber,
  personRefSchema,
  recordDaySchema,
  statusSchema,
} from './fields';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';
import { documentIdCheckSchema, documentStoveIdsSchema } from './stove-ids';

export const SALES_ORDER_STATUSES = ['completed', 'canceled'] as const;
export const salesOrderStatusSchema = statusSchema(SALES_ORDER_STATUSES);
export type SalesOrderStatus = z.infer<typeof salesOrderStatusSchema>;
export const SALES_ORDER_STATUS_LABELS: Record<SalesOrderStatus, string> = {
  completed: 'Completed',
  canceled: 'Canceled',
};

/** Most lines (packages) on one order. */
export const SALES_ORDER_LINES_MAX = 20;
/** Most packages on one line. */
export const SALES_ORDER_QUANTITY_MAX = 2_000;
/** Most stove IDs one order delivers. */
export const SALES_ORDER_CODES_MAX = 2_000;

/** An order's number as people see it: SO-000123. */
export function salesOrderNumberLabel(number: number): string {
  return documentNumberLabel('SO', number);
}

/** A return note's number as people see it: RN-000123. */
export function salesReturnNumberLabel(number: number): string {
  return documentNumberLabel('RN', number);
}

/** An order number typed in a search ("SO-000012", "so12", "12"), or null. */
export function parseSalesOrderNumber(text: string): number | null {
  return parseDocumentNumber('SO', text);
}

const namedCodeRef = z.object({ id: z.string(), name: z.string(), code: z.string() });
const uuidOf = (message: string) => z.string({ error: message }).uuid(message);

/** Codes as the user scanned or pasted them: normalized and judged one by one by the server. */
const orderCodes = z
  .array(z.string().max(100, 'A code is at most 32 characters'), { error: 'Scan or paste the stove IDs delivered' })
  .min(1, 'Scan or paste the stove IDs delivered')
  .max(
    SALES_ORDER_CODES_MAX,
    `An order delivers at most ${SALES_ORDER_CODES_MAX.toLocaleString('en-US')} stove IDs: split it in two`,
  );

// ---------------------------------------------------------------------------------------------
// Creating

export const salesOrderLineInputSchema = z.object({
  packageId: uuidOf('Choose a package'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(SALES_ORDER_QUANTITY_MAX, `Quantity must be at most ${SALES_ORDER_QUANTITY_MAX.toLocaleString('en-US')}`),
});

/**
 * POST /api/sales/orders (all or nothing). `categoryId` defaults to the customer's default sales
 * category (400 when the customer has none). Prices and totals come from the server.
 */
export const createSalesOrderSchema = z
  .object({
    date: recordDaySchema,
    /** A factory-scoped seller may only name their own factory. */
    factoryId: uuidOf('Choose a factory'),
    customerId: uuidOf('Choose a customer'),
    categoryId: uuidOf('Choose a sales category').nullish(),
    lines: z
      .array(salesOrderLineInputSchema, { error: 'Add at least one package' })
      .min(1, 'Add at least one package')
      .max(SALES_ORDER_LINES_MAX, `An order has at most ${SALES_ORDER_LINES_MAX} lines`),
    codes: orderCodes,
    buyerName: z
      .string({ error: 'Buyer name is required' })
      .trim()
      .min(1, 'Buyer name is required')
      .max(200, 'Buyer name is limited to 200 characters'),
    buyerPhone: optionalText(50, 'Phone'),
    buyerLocation: optionalText(300, 'Location'),
    note: optionalText(1000, 'Note'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((line, i) => {
      if (seen.has(line.packageId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'packageId'],
          message: 'This package is already on the order: change that line’s quantity',
        });
      seen.add(line.packageId);
    });
  });
export type CreateSalesOrder = z.input<typeof createSalesOrderSchema>;

/** POST /api/sales/orders/check: each code's eligibility while scanning (changes nothing). */
export const checkSalesOrderIdsSchema = z.object({
  factoryId: uuidOf('Choose a factory'),
  codes: orderCodes,
  /** The order's lines so far: with them, an ID of a model the lines do not need is 'wrong_model'. */
  lines: z.array(salesOrderLineInputSchema).max(SALES_ORDER_LINES_MAX).optional(),
});
export type CheckSalesOrderIds = z.input<typeof checkSalesOrderIdsSchema>;

export const SALES_ORDER_ID_VERDICTS = [
  'ok', // validated at the factory: can be sold
  'unknown',
  'malformed',
  'bad_check_digit',
  'duplicate',
  'wrong_factory',
  'in_stock', // not coupled yet
  'coupled', // not validated yet
  'sold',
  'in_transit',
  'void',
  'wrong_model', // coupled as a model the order's lines do not need (or more of it than they need)
] as const;
export type SalesOrderIdVerdict = (typeof SALES_ORDER_ID_VERDICTS)[number];

export const salesOrderIdCheckSchema = documentIdCheckSchema(SALES_ORDER_ID_VERDICTS);
export type SalesOrderIdCheck = z.infer<typeof salesOrderIdCheckSchema>;

/** GET /api/sales/orders/prices: the active packages and their price in force for a category on a day. */
export const salesOrderPricesQuerySchema = z.object({
  date: z.string({ error: 'Choose the order date' }).refine(isIsoDay, 'Use a date like 2026-01-31'),
  categoryId: uuidOf('Choose a sales category'),
});
export type SalesOrderPricesQuery = z.infer<typeof salesOrderPricesQuerySchema>;

export const salesOrderPricesSchema = z.object({
  date: z.string(),
  category: namedCodeRef,
  packages: z.array(
    namedCodeRef.extend({
      stovesPerPackage: z.number().int(),
      ckdCategory: namedCodeRef,
      /** The price in force on `date`; null: the package cannot be sold in this category that day. */
      price: z
        .object({ id: z.string(), unitPrice: z.number(), currency: z.string(), effectiveFrom: z.string() })
        .nullable(),
    }),
  ),
});
export type SalesOrderPrices = z.infer<typeof salesOrderPricesSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

export const salesOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  status: salesOrderStatusSchema,
  factory: factoryRefSchema,
  customer: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  category: namedCodeRef,
  currency: z.string(),
  packageCount: z.number().int(),
  stoveCount: z.number().int(),
  total: z.number(),
  buyer: z.object({ name: z.string(), phone: z.string().nullable(), location: z.string().nullable() }),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** Who made the sale. */
  seller: personRefSchema,
  cancelReason: z.string().nullable(),
  canceledAt: z.string().nullable(),
  canceledBy: personRefSchema,
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

export const salesOrderLineSchema = z.object({
  position: z.number().int(),
  package: namedCodeRef,
  quantity: z.number().int(),
  /** As sold (the package may have changed since). */
  stovesPerPackage: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The day the price applied from. */
  priceEffectiveFrom: z.string(),
  /** Its stoves returned on return notes. */
  returned: z.number().int(),
});
export type SalesOrderLine = z.infer<typeof salesOrderLineSchema>;

const reasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(1000, 'A reason is limited to 1,000 characters');

/** POST /api/sales/orders/:id/cancel (sales-management). */
export const cancelSalesOrderSchema = z.object({ reason: reasonSchema });
export type CancelSalesOrder = z.input<typeof cancelSalesOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Returns

/**
 * POST /api/sales/orders/:id/returns (sales-management): some of a completed order's IDs, still
 * sold on it, returned with a reason (all or nothing).
 */
export const createSalesReturnSchema = z.object({
  codes: z
    .array(z.string().max(100, 'A code is at most 32 characters'), { error: 'Choose the stove IDs returned' })
    .min(1, 'Choose the stove IDs returned')
    .max(SALES_ORDER_CODES_MAX, `At most ${SALES_ORDER_CODES_MAX.toLocaleString('en-US')} stove IDs at once`),
  reason: reasonSchema,
});
export type CreateSalesReturn = z.input<typeof createSalesReturnSchema>;

/** A return note as lists and the order show it. */
export const salesReturnSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** The day of the return (the credit note's date). */
  date: z.string(),
  order: z.object({ id: z.string(), number: z.number().int(), date: z.string() }),
  factory: factoryRefSchema,
  customer: z.object({ id: z.string(), name: z.string() }),
  reason: z.string(),
  stoveCount: z.number().int(),
  credit: z.number(),
  currency: z.string(),
  returnedAt: z.string(),
  returnedBy: personRefSchema,
});
export type SalesReturn = z.infer<typeof salesReturnSchema>;

/** One returned ID: the order line (package) it came from and its credit (the line's price per stove). */
export const salesReturnItemSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  package: namedCodeRef,
  credit: z.number(),
});

/** GET /api/sales/returns/:id: the return note with every ID, and the order's buyer and category. */
export const salesReturnDetailSchema = salesReturnSchema.extend({
  buyer: z.object({ name: z.string(), phone: z.string().nullable(), location: z.string().nullable() }),
  category: namedCodeRef,
  items: z.array(salesReturnItemSchema),
});
export type SalesReturnDetail = z.infer<typeof salesReturnDetailSchema>;

const salesReturnListOptions = {
  sortable: ['returnedAt', 'number', 'credit'],
  defaultSort: 'returnedAt',
  defaultDir: 'desc',
  filters: {
    factoryId: uuidFilterSchema,
    /** Returns of this day or later. */
    from: dayFilterSchema,
    /** Returns of this day or earlier. */
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/sales/returns (q: a return or order number, or a customer's name). Factory-scoped users
 * see their factory's.
 */
export const listSalesReturnsQuerySchema = listQuerySchema(salesReturnListOptions);
export type ListSalesReturnsQuery = z.infer<typeof listSalesReturnsQuerySchema>;
/** GET /api/sales/returns/export.csv */
export const exportSalesReturnsQuerySchema = exportQuerySchema(salesReturnListOptions);
export const salesReturnListSchema = listResponseSchema(salesReturnSchema);

/** GET /api/sales/orders/:id: the order, its lines, its stove IDs and what the caller may do. */
export const salesOrderDetailSchema = salesOrderSchema.extend({
  lines: z.array(salesOrderLineSchema),
  items: documentStoveIdsSchema,
  /** Its return notes, oldest first, each with the codes it returned. */
  returns: z.array(salesReturnSchema.extend({ codes: z.array(z.string()) })),
  /** The IDs that can still be returned (sold on it, not returned), each with its line's position. */
  returnable: z.array(z.object({ code: z.string(), position: z.number().int() })),
  /** `return`: completed, with IDs left to return, and the caller may return them. */
  can: z.object({ cancel: z.boolean(), return: z.boolean() }),
});
export type SalesOrderDetail = z.infer<typeof salesOrderDetailSchema>;

const salesOrderListOptions = {
  sortable: ['date', 'number', 'total', 'canceledAt'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    factoryId: uuidFilterSchema,
    customerId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    /** The seller (who made the order). */
    sellerId: uuidFilterSchema,
    status: salesOrderStatusSchema.optional(),
    /** Orders of this day or later. */
    from: dayFilterSchema,
    /** Orders of this day or earlier. */
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/sales/orders (q: an order number, a customer's or buyer's name or phone, or a stove ID
 * on the order). Factory-scoped users see their factory's. Canceled Sales is this list with
 * status=canceled, sorted by canceledAt.
 */
export const listSalesOrdersQuerySchema = listQuerySchema(salesOrderListOptions);
export type ListSalesOrdersQuery = z.infer<typeof listSalesOrdersQuerySchema>;
/** GET /api/sales/orders/export.csv */
export const exportSalesOrdersQuerySchema = exportQuerySchema(salesOrderListOptions);
export const salesOrderListSchema = listResponseSchema(salesOrderSchema);

// ---------------------------------------------------------------------------------------------
// Sales report

export const SALES_REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type SalesReportPeriod = (typeof SALES_REPORT_PERIODS)[number];
export const SALES_REPORT_GROUPS = ['package', 'category', 'factory', 'customer', 'seller'] as const;
export type SalesReportGroup = (typeof SALES_REPORT_GROUPS)[number];
/** Most days one report spans (3 years); by day, at most 366. */
export const SALES_REPORT_DAYS_MAX = 1_096;
export const SALES_REPORT_DAILY_DAYS_MAX = 366;

/**
 * GET /api/sales/report (sales-report) and /api/sales/report/export.csv: completed orders' lines
 * (canceled ones left out) from `from` to `to`, by period and one grouping. Factory-scoped users
 * get their factory's.
 */
export const salesReportQuerySchema = z
  .object({
    from: z.string({ error: 'Choose the first day' }).refine(isIsoDay, 'Use a date like 2026-01-31'),
    to: z.string({ error: 'Choose the last day' }).refine(isIsoDay, 'Use a date like 2026-01-31'),
    period: z.enum(SALES_REPORT_PERIODS, { message: 'Period must be day, week or month' }).default('month'),
    groupBy: z
      .enum(SALES_REPORT_GROUPS, { message: `Group by one of: ${SALES_REPORT_GROUPS.join(', ')}` })
      .default('factory'),
    factoryId: uuidFilterSchema,
    packageId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    customerId: uuidFilterSchema,
    sellerId: uuidFilterSchema,
  })
  .superRefine((v, ctx) => {
    if (!isIsoDay(v.from) || !isIsoDay(v.to)) return;
    if (v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
      return;
    }
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1;
    if (days > SALES_REPORT_DAYS_MAX)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report spans at most 3 years' });
    else if (v.period === 'day' && days > SALES_REPORT_DAILY_DAYS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['period'],
        message: 'By day, a report spans at most a year: choose week or month',
      });
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** The group key of lines without a seller (an order recorded by no signed-in user, e.g. an import). */
export const SALES_REPORT_NO_SELLER = 'none';

/** A group of the report: its key (the package, category, factory, customer or seller id) and name. */
const salesReportGroupRefSchema = z.object({ key: z.string(), label: z.string(), code: z.string().nullable() });

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(SALES_REPORT_PERIODS),
  groupBy: z.enum(SALES_REPORT_GROUPS),
  /** Every period start (ISO day: the day, the Monday, the 1st) from `from` to `to`, in order. */
  periods: z.array(z.string()),
  /** The groups with sales, biggest (stoves) first. `code` for packages, categories and factories. */
  groups: z.array(salesReportGroupRefSchema),
  /**
   * Only the non-empty cells. Revenue is per currency: a cell per period × group × currency. Stoves
   * and revenue are net of returns (on the return note's day); packages are those sold.
   */
  rows: z.array(
    z.object({
      period: z.string(),
      key: z.string(),
      currency: z.string(),
      packages: z.number().int(),
      stoves: z.number().int(),
      revenue: z.number(),
    }),
  ),
  totals: z.object({
    packages: z.number().int(),
    /** Net of returns. */
    stoves: z.number().int(),
    /** Per currency, net of returns, the one with the most stoves first (the report's main currency). */
    revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
    /** What return notes dated in the report's days took back (already netted above). */
    returned: z.object({
      stoves: z.number().int(),
      credit: z.array(z.object({ currency: z.string(), amount: z.number() })),
    }),
  }),
  /** The customer and seller filtered on, named (the page shows them; other filters have options lists). */
  filters: z.object({
    customer: salesReportGroupRefSchema.nullable(),
    seller: salesReportGroupRefSchema.nullable(),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

// ---------------------------------------------------------------------------------------------
// Sales overview (/sales)

const monthFigures = z.object({
  /** First and last day of the month. */
  from: z.string(),
  to: z.string(),
  /** Completed orders dated in the month. */
  orders: z.number().int(),
  /** Orders dated in the month that were canceled since. */
  canceled: z.number().int(),
  /** Stoves and revenue of the completed orders, net of the returns dated in the month. */
  stoves: z.number().int(),
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
});

/**
 * GET /api/sales/overview (sales-management): this month so far against the same days of last month, stoves sold per day
 * over the last 30 days, the validated stoves ready to sell per factory, and the latest orders.
 * Factory-scoped users get their factory's.
 */
export const salesOverviewSchema = z.object({
  /** Today (UTC): the month and the 30 days end on it. */
  date: z.string(),
  /** From the 1st to today. */
  thisMonth: monthFigures,
  /** The same days of last month (the 1st to today's day of the month, at most its last day), for a fair comparison. */
  lastMonth: monthFigures,
  /** Every day of the last 30, oldest first (stoves net of that day's returns). */
  daily: z.array(z.object({ day: z.string(), stoves: z.number().int() })),
  /** Active factories in scope with their validated (sellable) stove IDs. */
  readyToSell: z.array(z.object({ factory: factoryRefSchema, stoves: z.number().int() })),
  /** The 8 latest orders (by date, then number), canceled ones included. */
  recentOrders: z.array(salesOrderSchema),
});
export type SalesOverview = z.infer<typeof salesOverviewSchema>;
