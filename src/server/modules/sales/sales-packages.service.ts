/**
 * Sales packages (DOMAIN.md §4 "Sales"): what is sold — a stove model (an active CKD category), how
 * many stoves one package delivers, and the extra items that come with them. Name unique in any
 * case, code unique. Master data: every change is audited; a package no price refers to may be
 * deleted, one with prices is deactivated instead (409). Also the options every sales screen
 * picks packages and categories from.
 */
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  ListSalesPackagesQuery,
  SalesOptions,
  SalesPackage,
  salesPackageInputSchema,
  updateSalesPackageSchema,
} from '../../../common/contracts/sales';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import { activeSalesCategoryOptions } from './sales-categories.repository';
import {
  activeSalesPackageOptions,
  countSalesPackages,
  deleteSalesPackageRow,
  findSalesPackageListRow,
  insertSalesPackage,
  listSalesPackageRows,
  lockSalesPackage,
  lockStoveModel,
  SALES_PACKAGE_SORT_VALUES,
  SALES_PACKAGE_UNIQUE_COLUMNS,
  updateSalesPackageRow,
  type SalesPackageListRow,
  type SalesPackageRow,
} from './sales-packages.repository';
import { inUseByPrices } from './sales-master-data';
import { countPricesOf } from './sales-prices.repository';

type ValidPackage = z.output<typeof salesPackageInputSchema>;
type ValidPackageChange = z.output<typeof updateSalesPackageSchema>;
type PackageFilters = Omit<ListSalesPackagesQuery, 'limit' | 'cursor'>;

export function presentSalesPackage(row: SalesPackageListRow): SalesPackage {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    ckdCategory: { id: row.ckdCategoryId, name: row.ckdCategoryName, code: row.ckdCategoryCode },
    stovesPerPackage: row.stovesPerPackage,
    extraItems: row.extraItems,
    description: row.description,
    active: row.active,
    priceCount: row.priceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a package. */
function audited(row: SalesPackageRow) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    ckdCategoryId: row.ckdCategoryId,
    stovesPerPackage: row.stovesPerPackage,
    extraItems: row.extraItems,
    description: row.description,
    active: row.active,
  };
}

export async function listSalesPackages(
  db: Database,
  query: ListSalesPackagesQuery,
): Promise<ListResponse<SalesPackage>> {
  const [rows, count] = await Promise.all([
    listSalesPackageRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countSalesPackages(db, query),
  ]);
  const page = toPage(rows, query.limit, SALES_PACKAGE_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentSalesPackage), nextCursor: page.nextCursor, ...count };
}

/** GET /api/sales/packages/export.csv: the whole filtered, sorted list, page by page. */
export async function* exportSalesPackages(db: Database, filters: PackageFilters): AsyncGenerator<SalesPackage[]> {
  for await (const page of allPages(
    (cursor, limit) => listSalesPackageRows(db, filters, cursor, limit),
    SALES_PACKAGE_SORT_VALUES[filters.sort],
  ))
    yield page.map(presentSalesPackage);
}

/** GET /api/sales/options */
export async function salesOptions(db: Database): Promise<SalesOptions> {
  const [packages, categories] = await Promise.all([activeSalesPackageOptions(db), activeSalesCategoryOptions(db)]);
  return { packages, categories };
}

async function readPackage(db: Executor, id: string): Promise<SalesPackage> {
  const row = await findSalesPackageListRow(db, id);
  if (!row) throw new Error(`sales package ${id} vanished`);
  return presentSalesPackage(row);
}

/**
 * The stove model must be an active CKD category (400 on the field); a package keeps the one it has
 * even once deactivated (`current`). Locked FOR SHARE until the package is written.
 */
async function assertStoveModel(tx: Executor, ckdCategoryId: string, current?: string): Promise<void> {
  const model = await lockStoveModel(tx, ckdCategoryId);
  let message: string | null = null;
  if (!model) message = 'This stove model (CKD category) does not exist. Choose another one.';
  else if (!model.active && model.id !== current)
    message = `${model.name} is deactivated. Choose an active stove model.`;
  if (message) throw errors.validation(message, { ckdCategoryId: [message] });
}

const records = masterDataRecords({
  recordType: 'sales_package',
  noun: 'sales package',
  notFound: 'No sales package with this id.',
  lock: lockSalesPackage,
  update: updateSalesPackageRow,
  read: (db, _actor, row) => readPackage(db, row.id),
  audited,
});

const unique = uniqueFields(SALES_PACKAGE_UNIQUE_COLUMNS, {
  name: ({ asked }) => `A sales package named "${asked}" already exists. Choose another name.`,
  code: ({ asked }) => `The code ${asked} is already used by another sales package. Choose another code.`,
});

/** POST /api/sales/packages: 409 on the name or code when taken, 400 for a stove model that is not an active CKD category. */
export function createSalesPackage(db: Database, actor: Actor, input: ValidPackage): Promise<SalesPackage> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      await assertStoveModel(tx, input.ckdCategoryId);
      const row = await insertSalesPackage(tx, {
        name: input.name,
        code: input.code,
        ckdCategoryId: input.ckdCategoryId,
        stovesPerPackage: input.stovesPerPackage,
        extraItems: input.extraItems,
        description: input.description,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

/** PATCH /api/sales/packages/:id */
export function updateSalesPackage(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidPackageChange,
): Promise<SalesPackage> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (current, tx) => {
      await unique.assertFree(tx, input, id);
      if (input.ckdCategoryId !== undefined) await assertStoveModel(tx, input.ckdCategoryId, current.ckdCategoryId);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.ckdCategoryId !== undefined ? { ckdCategoryId: input.ckdCategoryId } : {}),
        ...(input.stovesPerPackage !== undefined ? { stovesPerPackage: input.stovesPerPackage } : {}),
        ...(input.extraItems !== undefined ? { extraItems: input.extraItems } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
    }),
  );
}

/** POST /api/sales/packages/:id/deactivate and /reactivate: 409 when already so. */
export const setSalesPackageActive = records.setActive;

/** DELETE /api/sales/packages/:id: only while no price refers to it (409 otherwise). */
export const deleteSalesPackage = records.deleteWhenUnused({
  inUse: inUseByPrices((tx, packageId) => countPricesOf(tx, { packageId })),
  remove: deleteSalesPackageRow,
});
