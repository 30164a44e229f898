import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelSalesOrderSchema,
  checkSalesOrderIdsSchema,
  createSalesReturnSchema,
  exportSalesReturnsQuerySchema,
  listSalesReturnsQuerySchema,
  salesReturnNumberLabel,
  salesReturnDetailSchema,
  salesReturnListSchema,
  createSalesOrderSchema,
  exportSalesOrdersQuerySchema,
  listSalesOrdersQuerySchema,
  SALES_ORDER_STATUS_LABELS,
  salesOrderDetailSchema,
  salesOrderIdCheckSchema,
  salesOrderListSchema,
  salesOrderNumberLabel,
  salesOrderPricesQuerySchema,
  salesOrderPricesSchema,
  salesOverviewSchema,
  type SalesOrder,
  type SalesReturn,
} from '../../../common/contracts/sales-orders';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  cancelSalesOrder,
  checkOrderIds,
  createSalesOrder,
  exportSalesOrders,
  getSalesOrder,
  listSalesOrders,
  orderPrices,
  presentOrder,
  salesOverview,
} from './sales-orders.service';
import {
  createSalesReturn,
  exportSalesReturns,
  getSalesReturn,
  listSalesReturns,
  presentReturn,
} from './sales-returns.service';

const tags = ['sales orders'];
const params = z.object({ id: z.string().uuid('Not a sales order id') });
const returnParams = z.object({ id: z.string().uuid('Not a return note id') });
/** Selling and reading orders. */
const selling = { permission: 'sales-order' } as const;
/** Orders are read on Sales Order and on Canceled Sales (sales-management). */
const reading = { permission: ['sales-order', 'sales-management'] } as const;
/** Canceling an order, or returning some of its IDs, is a manager's decision. */
const managing = { permission: 'sales-management' } as const;
const NOT_FOUND = "No such sales order, or it is not one of the caller's factory.";
const FACTORY = {
  400: 'An unknown factory (`details.fieldErrors.factoryId`).',
  403: 'A factory-scoped seller naming another factory than their own (or having none).',
};

const personName = (p: SalesOrder['seller']) => (p ? (p.name ?? p.email) : null);

export async function salesOrderRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/sales/orders',
    {
      config: reading,
      schema: {
        tags,
        summary: 'List sales orders (q: an order number, a customer or buyer, or a stove ID on the order)',
        description:
          'Sales orders (SO-000123), newest first (or by number, total, or cancel time: `sort=canceledAt` ' +
          "lists the canceled orders, the Canceled Sales screen). `q` is an order number, a customer's or " +
          "buyer's name or phone, or a stove ID on the order; filters `factoryId`, `customerId`, " +
          '`categoryId`, `sellerId`, `status` and the days `from` and `to`. Factory-scoped users see their ' +
          "own factory's orders.",
        querystring: listSalesOrdersQuerySchema,
        response: { 200: salesOrderListSchema },
      },
    },
    async (request) => listSalesOrders(db, actorOf(request), request.query),
  );

  r.get(
    '/api/sales/overview',
    {
      config: managing,
      schema: {
        tags,
        summary: 'This month against last month, the last 30 days, stoves ready to sell and the latest orders',
        description:
          'This month against last month (orders, canceled, stoves, revenue per currency), the stoves sold ' +
          'per day over 30 days, the validated stoves ready to sell per factory and the 8 latest orders. ' +
          'Factory-scoped users get their own factory.',
        response: { 200: salesOverviewSchema },
      },
    },
    async (request) => salesOverview(db, actorOf(request)),
  );

  r.get(
    '/api/sales/orders/export.csv',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Export the filtered sales orders as CSV',
        description:
          'The orders of `GET /api/sales/orders` with the same search, filters and sort, as CSV: number, ' +
          'date, status, factory, customer, sales category, packages, stoves, currency, total, buyer (name, ' +
          'phone, location), seller, created at, note, canceled at and by, and the cancel reason.',
        querystring: exportSalesOrdersQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportSalesOrders(db, actorOf(request), request.query)) yield page.map(presentOrder);
      };
      return sendCsv<SalesOrder>(
        reply,
        'sales-orders.csv',
        [
          { header: 'Number', value: (o) => salesOrderNumberLabel(o.number) },
          { header: 'Date', value: (o) => o.date },
          { header: 'Status', value: (o) => SALES_ORDER_STATUS_LABELS[o.status] },
          { header: 'Factory', value: (o) => o.factory.code },
          { header: 'Customer', value: (o) => o.customer.name },
          { header: 'Sales category', value: (o) => o.category.code },
          { header: 'Packages', value: (o) => o.packageCount },
          { header: 'Stoves', value: (o) => o.stoveCount },
          { header: 'Currency', value: (o) => o.currency },
          { header: 'Total', value: (o) => o.total.toFixed(2) },
          { header: 'Buyer', value: (o) => o.buyer.name },
          { header: 'Buyer phone', value: (o) => o.buyer.phone },
          { header: 'Buyer location', value: (o) => o.buyer.location },
          { header: 'Seller', value: (o) => personName(o.seller) },
          { header: 'Created at', value: (o) => o.createdAt },
          { header: 'Note', value: (o) => o.note },
          { header: 'Canceled at', value: (o) => o.canceledAt },
          { header: 'Canceled by', value: (o) => personName(o.canceledBy) },
          { header: 'Cancel reason', value: (o) => o.cancelReason },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/sales/orders/prices',
    {
      config: { ...selling, errors: { 400: 'The sales category does not exist (`details.fieldErrors.categoryId`).' } },
      schema: {
        tags,
        summary: 'The active packages and their price in force for a sales category on a day (the order form)',
        description:
          'The active packages (with stove model and stoves per package) and, for each, the price in force ' +
          'for the sales category (`categoryId`) on the day (`date`), or null when it cannot be sold in ' +
          'that category that day.',
        querystring: salesOrderPricesQuerySchema,
        response: { 200: salesOrderPricesSchema },
      },
    },
    async (request) => orderPrices(db, request.query),
  );

  r.post(
    '/api/sales/orders/check',
    {
      config: { ...selling, errors: FACTORY },
      schema: {
        tags,
        summary: "Each stove ID's eligibility for an order at a factory (changes nothing)",
        description:
          'Checks the codes for a sale at a factory, changing nothing: each code, in order, gets a verdict: ' +
          'ok (validated there), or why not (unknown, malformed, bad check digit, duplicate in the list, ' +
          'wrong factory, in stock, coupled, sold, in transit, void) with the reason; and the counts. With ' +
          "the order's `lines`, an ID coupled as a model (kit category) none of their packages holds, or " +
          'beyond the stoves the lines hold of its model, is `wrong_model` ("Wrong model: Jiko Poa; this order ' +
          'needs Jiko Poa L"); IDs carried over from the previous system without a stove report fill any line.',
        body: checkSalesOrderIdsSchema,
        response: { 200: salesOrderIdCheckSchema },
      },
    },
    async (request) => checkOrderIds(db, actorOf(request), request.body),
  );

  r.post(
    '/api/sales/orders',
    {
      config: {
        ...selling,
        errors: {
          400: [
            FACTORY[400],
            'An inactive factory; an unknown or inactive customer or sales category, or a customer without a default one; a line whose package is unknown, inactive or has no price that day, or packages priced in different currencies (`details.fieldErrors` on `lines.N.packageId`); or a count of IDs that does not match the lines (`details.fieldErrors.codes`).',
          ],
          403: FACTORY[403],
          409: "Some IDs cannot be sold, or are not the model the lines' packages hold: `details.problems` names each with the reason.",
        },
      },
      schema: {
        tags,
        summary:
          'Make a sales order: priced from the prices in force, its stove IDs become sold (all or nothing; totals sent by the client are ignored)',
        description:
          'Sells packages to a customer at an active factory, in one transaction: the category is the one ' +
          "given or the customer's default; unit prices and totals come from the price in force on the " +
          "order's day, whatever the client sends; the stove IDs must be validated at that factory and " +
          "exactly as many as the lines' stoves, each of a model (the kit category of the stove report that " +
          "coupled it) the lines hold, at most as many of a model as its lines' stoves (IDs carried over without " +
          'a stove report fill any line); they become `sold` with the order as their document. All ' +
          'or nothing: when any ID cannot be sold, nothing is written. Factory-scoped sellers sell at their ' +
          'own factory. Audited and pushed live. Answers 201 with the order.',
        body: createSalesOrderSchema,
        response: { 201: salesOrderDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesOrder(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/sales/orders/:id',
    {
      config: { ...reading, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'A sales order with its lines, stove IDs and what I may do with it',
        description:
          'One order with its lines, its stove IDs and the status of each now, and `can.cancel`: whether ' +
          'the caller may cancel it.',
        params,
        response: { 200: salesOrderDetailSchema },
      },
    },
    async (request) => getSalesOrder(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/sales/orders/:id/cancel',
    {
      config: { ...managing, errors: { 404: NOT_FOUND, 409: 'The order is already canceled.' } },
      schema: {
        tags,
        summary: 'Cancel a sales order with a reason: its stove IDs return to validated',
        description:
          'Cancels an order with a reason, once: its stove IDs go back to `validated` with a ' +
          '`sale_canceled` history event, and the order leaves the sales report. Audited and pushed live.',
        params,
        body: cancelSalesOrderSchema,
        response: { 200: salesOrderDetailSchema },
      },
    },
    async (request) => cancelSalesOrder(db, actorOf(request), request.params.id, request.body.reason),
  );

  r.post(
    '/api/sales/orders/:id/returns',
    {
      config: {
        ...managing,
        errors: {
          404: NOT_FOUND,
          409: 'The order is canceled, or some codes cannot be returned (not on the order, already returned, a duplicate): `details.problems` names each with the reason.',
        },
      },
      schema: {
        tags,
        summary:
          'Return some stove IDs of a completed order with a reason: a return note (RN-), the IDs back to validated',
        description:
          'Returns some stove IDs of a completed order on a return note (credit note RN-000123) with a reason, ' +
          'in one transaction, all or nothing: each code must be on the order, still sold on it and not ' +
          'returned yet, else nothing changes. The IDs go back to `validated` with a `sale_returned` history ' +
          "event whose note names the return note and the reason; each is credited its line's price per " +
          'stove (unit price ÷ stoves per package, the cents split so that a whole line credits its line ' +
          'total). The sales report nets the return on its day. Returning every ID leaves the order ' +
          'completed, fully returned; canceling it later returns only the IDs left. Audited and pushed ' +
          'live. Answers 201 with the return note.',
        params,
        body: createSalesReturnSchema,
        response: { 201: salesReturnDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSalesReturn(db, actorOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/sales/returns',
    {
      config: reading,
      schema: {
        tags,
        summary: 'List return notes (q: a return note or order number, or a customer)',
        description:
          "Return notes (RN-000123), latest first (or by number or credit). `q` is a return note's or an " +
          "order's number or a customer's name; filters `factoryId` and the return's days `from` and `to`. " +
          "Factory-scoped users see their own factory's.",
        querystring: listSalesReturnsQuerySchema,
        response: { 200: salesReturnListSchema },
      },
    },
    async (request) => listSalesReturns(db, actorOf(request), request.query),
  );

  r.get(
    '/api/sales/returns/export.csv',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Export the filtered return notes as CSV',
        description:
          'The return notes of `GET /api/sales/returns` with the same search, filters and sort, as CSV: ' +
          'number, day, order, order date, factory, customer, stoves, currency, credit, returned at and by, ' +
          'and the reason.',
        querystring: exportSalesReturnsQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportSalesReturns(db, actorOf(request), request.query)) yield page.map(presentReturn);
      };
      return sendCsv<SalesReturn>(
        reply,
        'sales-returns.csv',
        [
          { header: 'Number', value: (r) => salesReturnNumberLabel(r.number) },
          { header: 'Date', value: (r) => r.date },
          { header: 'Order', value: (r) => salesOrderNumberLabel(r.order.number) },
          { header: 'Order date', value: (r) => r.order.date },
          { header: 'Factory', value: (r) => r.factory.code },
          { header: 'Customer', value: (r) => r.customer.name },
          { header: 'Stoves', value: (r) => r.stoveCount },
          { header: 'Currency', value: (r) => r.currency },
          { header: 'Credit', value: (r) => r.credit.toFixed(2) },
          { header: 'Returned at', value: (r) => r.returnedAt },
          { header: 'Returned by', value: (r) => personName(r.returnedBy) },
          { header: 'Reason', value: (r) => r.reason },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/sales/returns/:id',
    {
      config: { ...reading, errors: { 404: "No such return note, or it is not one of the caller's factory." } },
      schema: {
        tags,
        summary: 'A return note with every stove ID returned, its package and credit',
        description:
          'One return note: its order, customer, buyer, reason, who returned it and when, and every stove ID ' +
          'returned with the package of the line it came from and its credit.',
        params: returnParams,
        response: { 200: salesReturnDetailSchema },
      },
    },
    async (request) => getSalesReturn(db, actorOf(request), request.params.id),
  );
}
