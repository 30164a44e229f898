/**
 * Sales orders (DOMAIN.md §4 "Sales"). Saving an order is one transaction: the customer, category,
 * packages and prices are read (and share-locked), the lines are priced from the price in force on
 * the order's day (whatever the client sent), the stove IDs are locked in id order and must all be
 * validated at the order's factory, exactly as many as the lines' stoves, each of a model the lines
 * hold (./stove-models.ts); then the order, its
 * lines and items are written, the IDs become sold with the order as their document, and one
 * audit row is written. Two orders racing for an ID: the second waits on the row lock, then finds
 * it sold and is refused whole. Canceling (sales-management) applies once and returns the IDs to
 * validated: those not returned already on a return note (./sales-returns.service.ts), whose notes
 * stay on record. Factory-scoped users sell from, see and cancel only their own factory's orders.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { personRef } from '../../../common/contracts/fields';
import { addDays, addMonths, eachDay, monthEnd, monthStart } from '../../../common/calendar-days';
import { dayInZone } from '../../../common/time-zones';
import { counted, plural } from '../../../common/counted';
import type { ListResponse } from '../../../common/contracts/list';
import { formatMoney } from '../../../common/contracts/sales';
import {
  parseSalesOrderNumber,
  salesOrderNumberLabel,
  type checkSalesOrderIdsSchema,
  type createSalesOrderSchema,
  type ListSalesOrdersQuery,
  type SalesOrder,
  type SalesOrderDetail,
  type SalesOrderIdCheck,
  type SalesOrderIdVerdict,
  type SalesOverview,
  type SalesOrderPrices,
  type SalesOrderPricesQuery,
} from '../../../common/contracts/sales-orders';
import { normalizeCode, STOVE_CODE_PATTERN } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import type { PartnerType } from '../../../common/contracts/partners';
import { endStoveRegistrations, registerBuyerAtSale } from '../carbon/end-users.service';
import { allPages, listPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import {
  documentStoveIdRows,
  lockDocumentStoveIds,
  putStoveIdsOnDocument,
} from '../stove-ids/document-stove-ids.repository';
import {
  checkCodes,
  lockEligibleIds,
  resolveDocumentFactory,
  type EligibilityRules,
} from '../stove-ids/stove-id-eligibility';
import { changeStoveIdStatuses } from '../stove-ids/stove-id-status.repository';
import { pricesInForce, type CellPriceRow } from './sales-prices.repository';
import { modelNeeds, wrongModels, type ModelLine, type StoveModel } from './stove-models';
import {
  activePackages,
  countOrders,
  findCustomer,
  findOrderRow,
  findPackages,
  findSalesCategory,
  insertOrder,
  insertOrderLines,
  listOrderRows,
  lockOrder,
  markOrderCanceled,
  ORDER_SORT_VALUES,
  orderCounts,
  orderLineRows,
  sharePrices,
  soldByCurrency,
  stoveModelsByCode,
  stovesPerDay,
  validatedPerFactory,
  type NewOrderLine,
  type OrderFilters,
  type OrderRow,
  type PackageRow,
  type SalesCategoryRow,
} from './sales-orders.repository';
import { publishLive } from '../../live/publish-live';
import { refuseFutureDay } from '../factories/factory-days';
import { orderReturnRows, returnedIdsOfOrder } from './sales-returns.repository';
import { presentReturn, returnableIds } from './sales-returns.service';

type CreateInput = z.output<typeof createSalesOrderSchema>;
type CheckInput = z.output<typeof checkSalesOrderIdsSchema>;
type OrderQuery = Omit<ListSalesOrdersQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'sales_order';

// ---------------------------------------------------------------------------------------------
// Presenting

export function presentOrder(row: OrderRow): SalesOrder {
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    status: row.status,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    customer: { id: row.customerId, name: row.customerName, type: row.customerType },
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode },
    currency: row.currency,
    packageCount: row.packageCount,
    stoveCount: row.stoveCount,
    total: row.total,
    buyer: { name: row.buyerName, phone: row.buyerPhone, location: row.buyerLocation },
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    seller: personRef(row.sellerId, row.sellerName, row.sellerEmail),
    cancelReason: row.cancelReason,
    canceledAt: row.canceledAt ? row.canceledAt.toISOString() : null,
    canceledBy: personRef(row.canceledById, row.canceledByName, row.canceledByEmail),
  };
}

const notFound = () => errors.notFound('No such sales order (or it is not one of your factory’s).');
const stoveIds = (n: number) => counted(n, 'stove ID');

/** Whether the actor may cancel orders or return their IDs (sales-management); the order must also be in their scope. */
function mayCancel(actor: Actor): boolean {
  return actor.permissions.has('sales-management');
}

// ---------------------------------------------------------------------------------------------
// Eligibility of stove IDs (check and create use the same rules; the verdicts are Validate Stove IDs')

/** Validated at the order's factory passes; the rest is refused with its reason. */
const ORDER_RULES: EligibilityRules<SalesOrderIdVerdict> = {
  verdict: (v) => (v === 'validated' ? 'ok' : v === 'pass' ? 'coupled' : v),
  reasons: {
    unknown: 'Unknown stove ID: check the code',
    malformed: 'Not a stove ID (4-32 characters of A-Z, 0-9 and -)',
    bad_check_digit: 'Wrong check digit: the code was mistyped or misread',
    duplicate: 'Duplicate in the list',
    in_stock: 'In stock: not on a stove yet (report it coupled, then validate it)',
    coupled: 'Coupled but not validated yet: validate it first',
    sold: 'Already sold',
    in_transit: 'In transit on a transfer: it can be sold once received',
    void: 'Void (damaged or lost label)',
    wrong_model: 'Wrong model for this order',
  },
  done: 'sold',
};

/**
 * POST /api/sales/orders/check: each code's eligibility at the factory, and with the order's lines,
 * whether its model is one they need (unknown or inactive packages are left to the form); changes
 * nothing.
 */
export async function checkOrderIds(db: Database, actor: Actor, input: CheckInput): Promise<SalesOrderIdCheck> {
  const factory = await resolveDocumentFactory(db, actor, input.factoryId);
  const check = await checkCodes(db, actor, ORDER_RULES, input.codes, factory.id);
  if (!input.lines?.length) return check;
  const packages = new Map((await activePackages(db)).map((p) => [p.id, p]));
  const needs = modelNeeds(
    input.lines.flatMap((l) => {
      const pkg = packages.get(l.packageId);
      return pkg ? [{ model: modelOfPackage(pkg), stoves: l.quantity * pkg.stovesPerPackage }] : [];
    }),
  );
  const sellable = check.items.filter((i) => i.verdict === 'ok').map((i) => i.code);
  const refused = wrongModels(sellable, await stoveModelsByCode(db, sellable), needs);
  if (refused.size === 0) return check;
  const items = check.items.map((i) => {
    const reason = i.verdict === 'ok' ? refused.get(i.code) : undefined;
    return reason ? { ...i, verdict: 'wrong_model' as const, reason } : i;
  });
  return { items, ok: check.ok - refused.size, problems: check.problems + refused.size };
}

const modelOfPackage = (p: PackageRow): StoveModel => ({ id: p.ckdCategoryId, name: p.ckdCategoryName });

/**
 * 409 naming every ID whose model the order's lines do not need; nothing is sold. `codes`: the
 * order's codes, normalized, once each and each one otherwise sellable (lockEligibleIds passed them).
 */
async function refuseWrongModels(tx: Executor, codes: readonly string[], lines: readonly ModelLine[]): Promise<void> {
  const refused = wrongModels(codes, await stoveModelsByCode(tx, codes), modelNeeds(lines));
  if (refused.size === 0) return;
  throw errors.itemProblems(
    `Nothing was sold: ${refused.size.toLocaleString('en-US')} of ${stoveIds(codes.length)} ${plural(refused.size, 'is', 'are')} not the model the order’s packages need.`,
    [...refused].map(([code, reason]) => ({ code, reason })),
  );
}

// ---------------------------------------------------------------------------------------------
// Prices

/** GET /api/sales/orders/prices: the active packages with their price in force for a category on a day. */
export async function orderPrices(db: Database, query: SalesOrderPricesQuery): Promise<SalesOrderPrices> {
  const category = await findSalesCategory(db, query.categoryId);
  if (!category)
    throw errors.validation('The sales category does not exist.', {
      categoryId: ['The sales category does not exist.'],
    });
  const [packages, prices] = await Promise.all([
    activePackages(db),
    pricesInForce(db, query.date, { categoryId: category.id }),
  ]);
  const byPackage = new Map(prices.map((p) => [p.packageId, p]));
  return {
    date: query.date,
    category: { id: category.id, name: category.name, code: category.code },
    packages: packages.map((p) => {
      const price = byPackage.get(p.id);
      return {
        id: p.id,
        name: p.name,
        code: p.code,
        stovesPerPackage: p.stovesPerPackage,
        ckdCategory: { id: p.ckdCategoryId, name: p.ckdCategoryName, code: p.ckdCategoryCode },
        price: price
          ? { id: price.id, unitPrice: price.unitPrice, currency: price.currency, effectiveFrom: price.effectiveFrom }
          : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating

/** Money in cents, so totals add up exactly. */
const cents = (amount: number) => Math.round(amount * 100);

interface PricedLines {
  lines: NewOrderLine[];
  /** The model and stoves of each line, for the model check. */
  models: ModelLine[];
  currency: string;
  packageCount: number;
  stoveCount: number;
  total: number;
}

/** The customer (active) and the order's category: the one chosen, else the customer's default (active). */
async function resolveParties(
  tx: Executor,
  input: CreateInput,
): Promise<{ customer: { id: string; name: string; type: PartnerType }; category: SalesCategoryRow }> {
  const customer = await findCustomer(tx, input.customerId);
  if (!customer)
    throw errors.validation('The customer does not exist.', { customerId: ['The customer does not exist.'] });
  if (!customer.active)
    throw errors.validation(`${customer.name} is inactive: reactivate the customer to sell to them.`, {
      customerId: ['This customer is inactive.'],
    });
  const categoryId = input.categoryId ?? customer.defaultSalesCategoryId;
  if (!categoryId)
    throw errors.validation(`${customer.name} has no default sales category: choose one.`, {
      categoryId: ['Choose a sales category.'],
    });
  const category = await findSalesCategory(tx, categoryId);
  if (!category)
    throw errors.validation('The sales category does not exist.', {
      categoryId: ['The sales category does not exist.'],
    });
  if (!category.active)
    throw errors.validation(`${category.name} is inactive: choose another sales category.`, {
      categoryId: ['This sales category is inactive.'],
    });
  return { customer, category };
}

/** Prices every line with the price in force on the day; 400 naming the line when it cannot be sold. */
async function priceLines(tx: Executor, input: CreateInput, category: SalesCategoryRow): Promise<PricedLines> {
  const packageIds = input.lines.map((l) => l.packageId);
  const packages = new Map<string, PackageRow>((await findPackages(tx, packageIds)).map((p) => [p.id, p]));
  const prices = new Map<string, CellPriceRow>(
    (await pricesInForce(tx, input.date, { packageIds, categoryId: category.id })).map((p) => [p.packageId, p]),
  );
  const fieldErrors: Record<string, string[]> = {};
  const lines: NewOrderLine[] = [];
  const models: PricedLines['models'] = [];
  input.lines.forEach((line, i) => {
    const pkg = packages.get(line.packageId);
    const price = prices.get(line.packageId);
    const field = `lines.${i}.packageId`;
    if (!pkg) fieldErrors[field] = ['The package does not exist.'];
    else if (!pkg.active) fieldErrors[field] = [`${pkg.name} is inactive: it cannot be sold.`];
    else if (!price) fieldErrors[field] = [`${pkg.name} has no price for ${category.name} on ${input.date}.`];
    else {
      const unitCents = cents(price.unitPrice);
      lines.push({
        position: i + 1,
        packageId: pkg.id,
        quantity: line.quantity,
        stovesPerPackage: pkg.stovesPerPackage,
        priceId: price.id,
        unitPrice: unitCents / 100,
        lineTotal: (unitCents * line.quantity) / 100,
      });
      models.push({ model: modelOfPackage(pkg), stoves: line.quantity * pkg.stovesPerPackage });
    }
  });
  const fieldKeys = Object.keys(fieldErrors);
  if (fieldKeys.length > 0)
    throw errors.validation(
      fieldKeys.length === 1
        ? (Object.values(fieldErrors)[0]?.[0] ?? 'A line cannot be sold.')
        : `${fieldKeys.length} lines cannot be sold: see each line.`,
      fieldErrors,
    );
  const currencies = [...new Set(lines.map((l) => prices.get(l.packageId)?.currency ?? ''))];
  const currency = currencies[0] ?? '';
  if (currencies.length > 1) {
    const mixed: Record<string, string[]> = {};
    lines.forEach((l, i) => {
      const c = prices.get(l.packageId)?.currency;
      if (c !== currency) mixed[`lines.${i}.packageId`] = [`Priced in ${c}, the first line in ${currency}.`];
    });
    throw errors.validation(
      `The packages are priced in different currencies (${currencies.join(', ')}): make one order per currency.`,
      mixed,
    );
  }
  return {
    lines,
    models,
    currency,
    packageCount: lines.reduce((n, l) => n + l.quantity, 0),
    stoveCount: lines.reduce((n, l) => n + l.quantity * l.stovesPerPackage, 0),
    total: lines.reduce((n, l) => n + cents(l.lineTotal), 0) / 100,
  };
}

/**
 * POST /api/sales/orders: one transaction, all or nothing (see the file's comment). 400 for a bad
 * customer, category, package, price or count of IDs; 409 naming each stove ID that cannot be sold.
 */
export async function createSalesOrder(db: Database, actor: Actor, input: CreateInput): Promise<SalesOrderDetail> {
  const factory = await resolveDocumentFactory(db, actor, input.factoryId);
  if (!factory.active)
    throw errors.validation(`${factory.name} is inactive: orders are for active factories.`, {
      factoryId: ['This factory is inactive.'],
    });

  return db.transaction(async (tx) => {
    await refuseFutureDay(tx, factory.id, input.date);
    const { customer, category } = await resolveParties(tx, input);
    const priced = await priceLines(tx, input, category);
    if (input.codes.length !== priced.stoveCount)
      throw errors.validation(
        `The lines deliver ${stoveIds(priced.stoveCount)} and ${stoveIds(input.codes.length)} ${plural(input.codes.length, 'was', 'were')} given: they must match.`,
        { codes: [`Give exactly ${stoveIds(priced.stoveCount)}.`] },
      );
    await sharePrices(
      tx,
      priced.lines.map((l) => l.priceId),
    );

    const locked = await lockEligibleIds(tx, actor, ORDER_RULES, input.codes, factory.id);
    // In the list's order, as the check judged them (the locked IDs are in id order).
    await refuseWrongModels(tx, input.codes.map(normalizeCode), priced.models);
    const ids = locked.map((l) => l.id);
    const order = await insertOrder(tx, {
      date: input.date,
      factoryId: factory.id,
      customerId: customer.id,
      categoryId: category.id,
      currency: priced.currency,
      packageCount: priced.packageCount,
      stoveCount: priced.stoveCount,
      total: priced.total,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerLocation: input.buyerLocation,
      note: input.note,
      actorId: actor.userId,
    });
    await insertOrderLines(
      tx,
      {
        id: order.id,
        date: input.date,
        factoryId: factory.id,
        customerId: customer.id,
        categoryId: category.id,
        currency: priced.currency,
        actorId: actor.userId,
      },
      priced.lines,
    );
    await putStoveIdsOnDocument(tx, { type: 'sales_order', id: order.id }, ids, {
      status: 'sold',
      actorId: actor.userId,
    });
    await registerBuyerAtSale(tx, {
      orderId: order.id,
      customerType: customer.type,
      date: input.date,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerLocation: input.buyerLocation,
      stoveIdIds: ids,
      actorId: actor.userId,
    });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: order.id,
      after: {
        number: order.number,
        date: input.date,
        factory: factory.code,
        customer: customer.name,
        category: category.code,
        lines: priced.lines.map((l) => ({ packageId: l.packageId, quantity: l.quantity, unitPrice: l.unitPrice })),
        total: formatMoney(priced.total, priced.currency),
        stoveCount: priced.stoveCount,
      },
    });
    await publishLive(tx, { kind: 'sales', factoryIds: [factory.id] });
    return readDetail(tx, actor, order.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Canceling

/**
 * POST /api/sales/orders/:id/cancel: one transaction. Locks the order (a second cancel waits, then
 * finds it canceled: 409) and its IDs; the IDs not returned yet return to validated with a
 * sale_canceled event, the order is canceled with the reason, who and when, and its lines leave
 * the sales report (and so do its return notes: the report nets returns of completed orders only).
 */
export async function cancelSalesOrder(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
): Promise<SalesOrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || !inScope(actor, order.factoryId)) throw notFound();
    const label = salesOrderNumberLabel(order.number);
    if (order.status === 'canceled') throw errors.conflict(`${label} is already canceled.`);
    // IDs returned on a return note already are no longer the order's (they may be sold again since).
    const returned = await returnedIdsOfOrder(tx, order.id);
    const ids = (await lockDocumentStoveIds(tx, { type: 'sales_order', id: order.id })).filter(
      (i) => !returned.has(i.id),
    );
    const astray = ids.filter((i) => i.status !== 'sold' || i.factoryId !== order.factoryId);
    if (ids.length !== order.stoveCount - returned.size || astray.length > 0)
      throw new Error(`sales order ${order.id}: ${astray.length} of its ${ids.length} IDs are no longer sold there`);
    await changeStoveIdStatuses(tx, {
      ids: ids.map((i) => i.id),
      kind: 'sale_canceled',
      set: sql`status = 'validated'`,
      document: { type: 'sales_order', id: order.id },
      note: reason,
      actorId: actor.userId,
    });
    await endStoveRegistrations(
      tx,
      ids.map((i) => i.id),
      `stove returned (${label} canceled)`,
      actor.userId,
    );
    await markOrderCanceled(tx, order.id, reason, actor.userId);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'cancel',
      recordType: RECORD_TYPE,
      recordId: order.id,
      before: { number: order.number, status: 'completed' },
      after: { number: order.number, status: 'canceled', reason, stovesReturned: ids.length },
    });
    await publishLive(tx, { kind: 'sales', factoryIds: [order.factoryId] });
    return readDetail(tx, actor, order.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

async function readDetail(db: Executor, actor: Actor, id: string): Promise<SalesOrderDetail> {
  const row = await findOrderRow(db, id);
  if (!row || !inScope(actor, row.factoryId)) throw notFound();
  const [lines, items, returns, left] = await Promise.all([
    orderLineRows(db, id),
    documentStoveIdRows(db, { type: 'sales_order', id }),
    orderReturnRows(db, id),
    returnableIds(db, row),
  ]);
  const returnable = row.status === 'completed' ? left.returnable : [];
  return {
    ...presentOrder(row),
    lines: lines.map((l) => ({
      position: l.position,
      package: { id: l.packageId, name: l.packageName, code: l.packageCode },
      quantity: l.quantity,
      stovesPerPackage: l.stovesPerPackage,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      priceEffectiveFrom: l.priceEffectiveFrom,
      returned: left.returnedByLine.get(l.position) ?? 0,
    })),
    items,
    returns: returns.map((r) => ({ ...presentReturn(r), codes: r.codes })),
    returnable,
    can: {
      cancel: row.status === 'completed' && mayCancel(actor),
      return: returnable.length > 0 && mayCancel(actor),
    },
  };
}

/** GET /api/sales/orders/:id */
export function getSalesOrder(db: Database, actor: Actor, id: string): Promise<SalesOrderDetail> {
  return readDetail(db, actor, id);
}

function resolveFilters(actor: Actor, query: OrderQuery): OrderFilters {
  const code = query.q ? normalizeCode(query.q) : undefined;
  return {
    factoryId: scopedFactoryFilter(actor, query.factoryId),
    customerId: query.customerId,
    categoryId: query.categoryId,
    sellerId: query.sellerId,
    status: query.status,
    from: query.from,
    to: query.to,
    text: query.q,
    number: query.q ? (parseSalesOrderNumber(query.q) ?? undefined) : undefined,
    code: code && STOVE_CODE_PATTERN.test(code) ? code : undefined,
    sort: query.sort,
    dir: query.dir,
  };
}

/** GET /api/sales/orders: a page of the filtered orders and their count. */
export function listSalesOrders(
  db: Database,
  actor: Actor,
  query: ListSalesOrdersQuery,
): Promise<ListResponse<SalesOrder>> {
  const filters = resolveFilters(actor, query);
  return listPage(query, {
    rows: (cursor, limit) => listOrderRows(db, filters, cursor, limit),
    count: () => countOrders(db, filters),
    sortValue: ORDER_SORT_VALUES[query.sort],
    present: presentOrder,
  });
}

// ---------------------------------------------------------------------------------------------
// The sales overview

/** How many of the latest orders the overview shows. */
const RECENT_ORDERS = 8;

async function monthFigures(db: Executor, from: string, to: string, factoryId: string | undefined) {
  const range = { from, to, factoryId };
  const [counts, sold] = await Promise.all([orderCounts(db, range), soldByCurrency(db, range)]);
  return {
    from,
    to,
    ...counts,
    stoves: sold.reduce((n, s) => n + s.stoves, 0),
    revenue: sold.map((s) => ({ currency: s.currency, amount: s.amount })),
  };
}

/** `first` (a 1st of a month) moved to `today`'s day of the month, or that month's last day when shorter. */
function sameDayOf(first: string, today: string): string {
  const same = addDays(first, Number(today.slice(8, 10)) - 1);
  const end = monthEnd(first);
  return same < end ? same : end;
}

/** GET /api/sales/overview: this month so far against the same days of last month, the last 30 days, stoves ready to sell, the latest orders. */
export async function salesOverview(db: Database, actor: Actor, now = new Date()): Promise<SalesOverview> {
  const today = dayInZone(now, actor.timeZone);
  const factoryId = scopedFactoryFilter(actor, undefined);
  const thisMonth = monthStart(today);
  const lastMonth = addMonths(thisMonth, -1);
  const first = addDays(today, -29);
  const [current, previous, days, ready, recent] = await Promise.all([
    monthFigures(db, thisMonth, today, factoryId),
    monthFigures(db, lastMonth, sameDayOf(lastMonth, today), factoryId),
    stovesPerDay(db, { from: first, to: today, factoryId }),
    validatedPerFactory(db, factoryId),
    listOrderRows(db, { factoryId, sort: 'date', dir: 'desc' }, null, RECENT_ORDERS),
  ]);
  const perDay = new Map(days.map((d) => [d.day, d.stoves]));
  return {
    date: today,
    thisMonth: current,
    lastMonth: previous,
    daily: eachDay(first, today).map((day) => ({ day, stoves: perDay.get(day) ?? 0 })),
    readyToSell: ready.map((f) => ({ factory: { id: f.id, name: f.name, code: f.code }, stoves: f.stoves })),
    recentOrders: recent.map(presentOrder),
  };
}

export function exportSalesOrders(db: Database, actor: Actor, query: OrderQuery) {
  const filters = resolveFilters(actor, query);
  return allPages((cursor, limit) => listOrderRows(db, filters, cursor, limit), ORDER_SORT_VALUES[query.sort]);
}
