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
import { NO_CONTENT } from '../../http/api-docs';
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
const NO_CATEGORY = 'No sales category with this id.';
const NO_PACKAGE = 'No sales package with this id.';
const TAKEN = 'The name or the code is taken (`details.fieldErrors.name` / `code`).';
const CODE_RULE = 'the code is 2-16 of A-Z, 0-9 and -, upper-cased; name (in any case) and code are unique';
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
        description:
          'The sales categories (customer price groups), each with its number of prices, sorted by name, code ' +
          'or creation. `q` searches the name, code and description; filter `active`.',
        querystring: listSalesCategoriesQuerySchema,
        response: { 200: salesCategoryListSchema },
      },
    },
    async (request) => listSalesCategories(db, request.query),
  );

  r.post(
    '/api/sales/categories',
    {
      config: { ...categories, errors: { 409: TAKEN } },
      schema: {
        tags,
        summary: 'Create a sales category (name and code unique)',
        description: `Creates a category \`{ name, code, description? }\`: ${CODE_RULE}. Audited. Answers 201.`,
        body: salesCategoryInputSchema,
        response: { 201: salesCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/sales/categories/:id',
    {
      config: { ...categories, errors: { 404: NO_CATEGORY, 409: TAKEN } },
      schema: {
        tags,
        summary: 'Change a sales category',
        description: 'Changes any of the name, code and description; the same uniqueness. Audited.',
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
      description:
        'Deletes a category no price refers to and no partner has as default (deactivate one in use instead). ' +
        'Audited. Answers 204.',
      errors: {
        404: NO_CATEGORY,
        409: 'Prices refer to the category, or partners have it as default: deactivate it instead.',
      },
      remove: (actor, id) => deleteSalesCategory(db, actor, id),
    },
    deactivate: {
      url: '/api/sales/categories/:id/deactivate',
      summary: 'Deactivate a sales category',
      description:
        'Deactivates a category: no new prices or orders in it; partners that default to it keep it. Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already deactivated.' },
    },
    reactivate: {
      url: '/api/sales/categories/:id/reactivate',
      summary: 'Reactivate a sales category',
      description: 'Reactivates a category. Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already active.' },
    },
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
        description:
          'The sales packages with their stove model and number of prices, sorted by name, code, stoves per ' +
          'package or creation. `q` searches the name, code, extra items and description; filters `active` and ' +
          'the stove model (`ckdCategoryId`).',
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
        description: 'The packages of `GET /api/sales/packages` with the same search, filters and sort, as CSV.',
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
      config: {
        ...packages,
        errors: {
          400: 'The stove model is not an active CKD category (`details.fieldErrors.ckdCategoryId`).',
          409: TAKEN,
        },
      },
      schema: {
        tags,
        summary: 'Create a sales package (name and code unique; the stove model an active CKD category)',
        description:
          'Creates a package `{ name, code, ckdCategoryId, stovesPerPackage: 1-100 (default 1), extraItems?, ' +
          `description? }\`: the stove model is an active CKD category; ${CODE_RULE}. Audited. Answers 201.`,
        body: salesPackageInputSchema,
        response: { 201: salesPackageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesPackage(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/sales/packages/:id',
    {
      config: {
        ...packages,
        errors: {
          400: 'A new stove model that is not an active CKD category (`details.fieldErrors.ckdCategoryId`).',
          404: NO_PACKAGE,
          409: TAKEN,
        },
      },
      schema: {
        tags,
        summary: 'Change a sales package',
        description:
          'Changes any of the fields, under the same rules; a stove model deactivated since it was chosen ' +
          'is kept, a new one must be active. Audited.',
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
      description: 'Deletes a package no price refers to (deactivate one with prices instead). Audited. Answers 204.',
      errors: { 404: NO_PACKAGE, 409: 'Prices refer to the package: deactivate it instead.' },
      remove: (actor, id) => deleteSalesPackage(db, actor, id),
    },
    deactivate: {
      url: '/api/sales/packages/:id/deactivate',
      summary: 'Deactivate a sales package',
      description: 'Deactivates a package: it can no longer be priced or sold. Audited.',
      errors: { 404: NO_PACKAGE, 409: 'The package is already deactivated.' },
    },
    reactivate: {
      url: '/api/sales/packages/:id/reactivate',
      summary: 'Reactivate a sales package',
      description: 'Reactivates a package. Audited.',
      errors: { 404: NO_PACKAGE, 409: 'The package is already active.' },
    },
    setActive: (actor, id, active) => setSalesPackageActive(db, actor, id, active),
  });

  r.get(
    '/api/sales/options',
    {
      config: { permission: SALES_SCREENS },
      schema: {
        tags,
        summary: 'The active packages (with stove model) and categories, by name (for selects)',
        description:
          'The active packages (with their stove model and stoves per package) and the active categories, by ' +
          "name, for selects: the sales screens and the partner form's default sales category.",
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
        description:
          'The price history, newest first (by effective day or creation), each price `in_force`, `scheduled` ' +
          'or `superseded` as on today (UTC), with its end day. `q` searches the package and category (name or ' +
          'code) and the note; filters package, category and the effective days `from` and `to`.',
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
      schema: {
        tags,
        summary: 'Export the filtered price history as CSV',
        description: 'The prices of `GET /api/sales/prices` with the same search and filters, as CSV.',
        querystring: exportSalesPricesQuerySchema,
      },
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
        description:
          'Package × category: the price in force on `date` (default today, UTC) and the next one after it, for ' +
          'each cell that has either; `includeInactive=true` lists inactive packages and categories too.',
        querystring: salesPriceGridQuerySchema,
        response: { 200: salesPriceGridSchema },
      },
    },
    async (request) => salesPriceGrid(db, request.query),
  );

  r.post(
    '/api/sales/prices',
    {
      config: {
        ...prices,
        errors: {
          400: 'A cell names an unknown or deactivated package or category (`details.fieldErrors` on `prices.N.packageId` / `prices.N.categoryId`).',
        },
      },
      schema: {
        tags,
        summary: 'Set a price list from a date: every cell or none (a cell priced on that date already is corrected)',
        description:
          'Sets a price list from one day `{ effectiveFrom, currency (default KES), note?, prices: [{ packageId, ' +
          'categoryId, unitPrice }] }`: up to 2,000 cells, each once, all or nothing, of ' +
          'active packages and categories. A cell priced from the same day already is corrected (both kept in ' +
          'the history). Audited. Answers 201 with the prices set.',
        body: createSalesPricesSchema,
        response: { 201: createdSalesPricesSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSalesPrices(db, actorOf(request), request.body)),
  );

  r.delete(
    '/api/sales/prices/:id',
    {
      config: {
        ...prices,
        errors: {
          404: 'No price with this id.',
          409: [
            'The price is in force or past: set a new price instead.',
            'An order was sold at this price: set a new price instead.',
          ],
        },
        success: NO_CONTENT,
      },
      schema: {
        tags,
        summary: 'Withdraw a scheduled price (from a later day); one in force or past stays in the history',
        description:
          'Withdraws a price from a later day than today (UTC: a scheduled one); a price in force or past, or ' +
          'one an order was sold at, stays in the history (set a new price instead). Audited. Answers 204.',
        params: priceParams,
      },
    },
    async (request, reply) => {
      await withdrawSalesPrice(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
