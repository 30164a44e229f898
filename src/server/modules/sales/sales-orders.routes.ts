import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelSalesOrderSchema,
  checkSalesOrderIdsSchema,
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

const tags = ['sales orders'];
const params = z.object({ id: z.string().uuid('Not a sales order id') });
/** Selling and reading orders. */
const selling = { permission: 'sales-order' } as const;
/** Orders are read on Sales Order and on Canceled Sales (sales-management). */
const reading = { permission: ['sales-order', 'sales-management'] } as const;
/** Canceling an order is a manager's decision. */
const managing = { permission: 'sales-management' } as const;

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
        response: { 200: salesOverviewSchema },
      },
    },
    async (request) => salesOverview(db, actorOf(request)),
  );

  r.get(
    '/api/sales/orders/export.csv',
    {
      config: reading,
      schema: { tags, summary: 'Export the filtered sales orders as CSV', querystring: exportSalesOrdersQuerySchema },
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
      config: selling,
      schema: {
        tags,
        summary: 'The active packages and their price in force for a sales category on a day (the order form)',
        querystring: salesOrderPricesQuerySchema,
        response: { 200: salesOrderPricesSchema },
      },
    },
    async (request) => orderPrices(db, request.query),
  );

  r.post(
    '/api/sales/orders/check',
    {
      config: selling,
      schema: {
        tags,
        summary: "Each stove ID's eligibility for an order at a factory (changes nothing)",
        body: checkSalesOrderIdsSchema,
        response: { 200: salesOrderIdCheckSchema },
      },
    },
    async (request) => checkOrderIds(db, actorOf(request), request.body),
  );

  r.post(
    '/api/sales/orders',
    {
      config: selling,
      schema: {
        tags,
        summary:
          'Make a sales order: priced from the prices in force, its stove IDs become sold (all or nothing; totals sent by the client are ignored)',
        body: createSalesOrderSchema,
        response: { 201: salesOrderDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesOrder(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/sales/orders/:id',
    {
      config: reading,
      schema: {
        tags,
        summary: 'A sales order with its lines, stove IDs and what I may do with it',
        params,
        response: { 200: salesOrderDetailSchema },
      },
    },
    async (request) => getSalesOrder(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/sales/orders/:id/cancel',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Cancel a sales order with a reason: its stove IDs return to validated',
        params,
        body: cancelSalesOrderSchema,
        response: { 200: salesOrderDetailSchema },
      },
    },
    async (request) => cancelSalesOrder(db, actorOf(request), request.params.id, request.body.reason),
  );
}
