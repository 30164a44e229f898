import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdSalesPricesSchema,
  createSalesPricesSchema,
  exportSalesPackagesQuerySchema,
  exportSalesPricesQuerySchema,
  listSalesCategoriesQuerySchema,
  listSalesPackagesQuerySchema,
  listSalesPricesQuerySchema,
  salesCategoryInputSchema,
  salesCategoryListSchema,
  salesCategorySchema,
  salesOptionsSchema,
  salesPackageInputSchema,
  salesPackageListSchema,
  salesPackageSchema,
  salesPriceGridQuerySchema,
  salesPriceGridSchema,
  salesPriceListSchema,
  updateSalesCategorySchema,
  updateSalesPackageSchema,
  type SalesPackage,
  type SalesPrice,
} from '../../../common/contracts/sales';
import type { Permission } from '../../../common/permissions';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { activationRoutes } from '../../http/master-data-routes';
import {
  createSalesCategory,
  deleteSalesCategory,
  listSalesCategories,
  setSalesCategoryActive,
  updateSalesCategory,
} from './sales-categories.service';
import {
  createSalesPackage,
  deleteSalesPackage,
  exportSalesPackages,
  listSalesPackages,
  salesOptions,
  setSalesPackageActive,
  updateSalesPackage,
} from './sales-packages.service';
import {
  createSalesPrices,
  exportSalesPrices,
  listSalesPrices,
  salesPriceGrid,
  withdrawSalesPrice,
} from './sales-prices.service';

const tags = ['sales'];
const categoryParams = z.object({ id: z.string().uuid('Not a sales category id') });
const packageParams = z.object({ id: z.string().uuid('Not a sales package id') });
const priceParams = z.object({ id: z.string().uuid('Not a price id') });
const categories = { permission: 'sales-categories' } as const;
const packages = { permission: 'sales-packages' } as const;
const prices = { permission: 'price-allocation' } as const;
/** Every sales screen picks packages and categories; the partner form picks a default category. */
const SALES_SCREENS: readonly Permission[] = [
  'customer-management',
  'sales-packages',
  'sales-categories',
  'price-allocation',
  'sales-order',
  'sales-report',
  'sales-management',
];

const PRICE_STATE_LABELS: Record<SalesPrice['state'], string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
  superseded: 'Superseded',
};
const personName = (p: SalesPrice['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function salesRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  // -------------------------------------------------------------------------------------------
  // Sales categories

  r.get(
    '/api/sales/categories',
    {
      config: categories,
      schema: {
        tags,
        summary: 'List sales categories with their number of prices (q: name, code or description)',
        querystring: listSalesCategoriesQuerySchema,
        response: { 200: salesCategoryListSchema },
      },
    },
    async (request) => listSalesCategories(db, request.query),
  );

  r.post(
    '/api/sales/categories',
    {
      config: categories,
      schema: {
        tags,
        summary: 'Create a sales category (name and code unique)',
        body: salesCategoryInputSchema,
        response: { 201: salesCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/sales/categories/:id',
    {
      config: categories,
      schema: {
        tags,
        summary: 'Change a sales category',
        params: categoryParams,
        body: updateSalesCategorySchema,
        response: { 200: salesCategorySchema },
      },
    },
    async (request) => updateSalesCategory(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config: categories,
    tags,
    params: categoryParams,
    response: salesCategorySchema,
    delete: {
      url: '/api/sales/categories/:id',
      summary: 'Delete a sales category no price refers to (deactivate one with prices)',
      remove: (actor, id) => deleteSalesCategory(db, actor, id),
    },
    deactivate: { url: '/api/sales/categories/:id/deactivate', summary: 'Deactivate a sales category' },
    reactivate: { url: '/api/sales/categories/:id/reactivate', summary: 'Reactivate a sales category' },
    setActive: (actor, id, active) => setSalesCategoryActive(db, actor, id, active),
  });

  // -------------------------------------------------------------------------------------------
  // Sales packages

  r.get(
    '/api/sales/packages',
    {
      config: packages,
      schema: {
        tags,
        summary: 'List sales packages with their stove model (q: name, code, extra items or description)',
        querystring: listSalesPackagesQuerySchema,
        response: { 200: salesPackageListSchema },
      },
    },
    async (request) => listSalesPackages(db, request.query),
  );

  r.get(
    '/api/sales/packages/export.csv',
    {
      config: packages,
      schema: {
        tags,
        summary: 'Export the filtered sales packages as CSV',
        querystring: exportSalesPackagesQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv<SalesPackage>(
        reply,
        'sales-packages.csv',
        [
          { header: 'Name', value: (p) => p.name },
          { header: 'Code', value: (p) => p.code },
          { header: 'Stove model', value: (p) => p.ckdCategory.name },
          { header: 'Stove model code', value: (p) => p.ckdCategory.code },
          { header: 'Stoves per package', value: (p) => p.stovesPerPackage },
          { header: 'Extra items', value: (p) => p.extraItems },
          { header: 'Description', value: (p) => p.description },
          { header: 'Status', value: (p) => (p.active ? 'Active' : 'Inactive') },
          { header: 'Prices', value: (p) => p.priceCount },
          { header: 'Created at', value: (p) => p.createdAt },
        ],
        exportSalesPackages(db, request.query),
      ),
  );

  r.post(
    '/api/sales/packages',
    {
      config: packages,
      schema: {
        tags,
        summary: 'Create a sales package (name and code unique; the stove model an active CKD category)',
        body: salesPackageInputSchema,
        response: { 201: salesPackageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesPackage(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/sales/packages/:id',
    {
      config: packages,
      schema: {
        tags,
        summary: 'Change a sales package',
        params: packageParams,
        body: updateSalesPackageSchema,
        response: { 200: salesPackageSchema },
      },
    },
    async (request) => updateSalesPackage(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config: packages,
    tags,
    params: packageParams,
    response: salesPackageSchema,
    delete: {
      url: '/api/sales/packages/:id',
      summary: 'Delete a sales package no price refers to (deactivate one with prices)',
      remove: (actor, id) => deleteSalesPackage(db, actor, id),
    },
    deactivate: { url: '/api/sales/packages/:id/deactivate', summary: 'Deactivate a sales package' },
    reactivate: { url: '/api/sales/packages/:id/reactivate', summary: 'Reactivate a sales package' },
    setActive: (actor, id, active) => setSalesPackageActive(db, actor, id, active),
  });

  r.get(
    '/api/sales/options',
    {
      config: { permission: SALES_SCREENS },
      schema: {
        tags,
        summary: 'The active packages (with stove model) and categories, by name (for selects)',
        response: { 200: salesOptionsSchema },
      },
    },
    async () => salesOptions(db),
  );

  // -------------------------------------------------------------------------------------------
  // Price allocation

  r.get(
    '/api/sales/prices',
    {
      config: prices,
      schema: {
        tags,
        summary: 'The price history, each price in force, scheduled or superseded (q: package, category or note)',
        querystring: listSalesPricesQuerySchema,
        response: { 200: salesPriceListSchema },
      },
    },
    async (request) => listSalesPrices(db, request.query),
  );

  r.get(
    '/api/sales/prices/export.csv',
    {
      config: prices,
      schema: { tags, summary: 'Export the filtered price history as CSV', querystring: exportSalesPricesQuerySchema },
    },
    async (request, reply) =>
      sendCsv<SalesPrice>(
        reply,
        'sales-prices.csv',
        [
          { header: 'Package', value: (p) => p.package.name },
          { header: 'Package code', value: (p) => p.package.code },
          { header: 'Sales category', value: (p) => p.category.name },
          { header: 'Category code', value: (p) => p.category.code },
          { header: 'Unit price', value: (p) => p.unitPrice },
          { header: 'Currency', value: (p) => p.currency },
          { header: 'Effective from', value: (p) => p.effectiveFrom },
          { header: 'Effective to', value: (p) => p.effectiveTo },
          { header: 'State', value: (p) => PRICE_STATE_LABELS[p.state] },
          { header: 'Note', value: (p) => p.note },
          { header: 'Set at', value: (p) => p.createdAt },
          { header: 'Set by', value: (p) => personName(p.createdBy) },
        ],
        exportSalesPrices(db, request.query),
      ),
  );

  r.get(
    '/api/sales/prices/grid',
    {
      config: prices,
      schema: {
        tags,
        summary: 'Package × category: the prices in force on a day (default today) and the next ones',
        querystring: salesPriceGridQuerySchema,
        response: { 200: salesPriceGridSchema },
      },
    },
    async (request) => salesPriceGrid(db, request.query),
  );

  r.post(
    '/api/sales/prices',
    {
      config: prices,
      schema: {
        tags,
        summary: 'Set a price list from a date: every cell or none (a cell priced on that date already is corrected)',
        body: createSalesPricesSchema,
        response: { 201: createdSalesPricesSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesPrices(db, actorOf(request), request.body)),
  );

  r.delete(
    '/api/sales/prices/:id',
    {
      config: prices,
      schema: {
        tags,
        summary: 'Withdraw a scheduled price (from a later day); one in force or past stays in the history',
        params: priceParams,
      },
    },
    async (request, reply) => {
      await withdrawSalesPrice(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
