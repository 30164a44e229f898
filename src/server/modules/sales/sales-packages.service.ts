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
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import { activeSalesCategoryOptions } from './sales-categories.repository';
import { assertUniqueNameAndCode, deleteUnpriced, withUniqueNameAndCode, type UniqueRules } from './sales-master-data';
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
  updateSalesPackageRow,
  type SalesPackageListRow,
  type SalesPackageRow,
} from './sales-packages.repository';
import { countPricesOf } from './sales-prices.repository';

type ValidPackage = z.output<typeof salesPackageInputSchema>;
type ValidPackageChange = z.output<typeof updateSalesPackageSchema>;
type PackageFilters = Omit<ListSalesPackagesQuery, 'limit' | 'cursor'>;

const RECORD_TYPE = 'sales_package';
const NOT_FOUND = 'No sales package with this id.';
const UNIQUE: UniqueRules = {
  noun: 'sales package',
  table: 'sales_packages',
  nameIndex: 'sales_packages_name_key',
  codeIndex: 'sales_packages_code_key',
};

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

/** POST /api/sales/packages: 409 on the name or code when taken, 400 for a stove model that is not an active CKD category. */
export function createSalesPackage(db: Database, actor: Actor, input: ValidPackage): Promise<SalesPackage> {
  return withUniqueNameAndCode(UNIQUE, input, () =>
    db.transaction(async (tx) => {
      await assertUniqueNameAndCode(tx, UNIQUE, input);
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
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: RECORD_TYPE,
        recordId: row.id,
        after: audited(row),
      });
      return readPackage(tx, row.id);
    }),
  );
}

/** Applies a change to one package under a row lock and audits before and after. */
async function changeSalesPackage(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  change: (tx: Executor, current: SalesPackageRow) => Promise<Partial<SalesPackageRow>>,
): Promise<SalesPackage> {
  await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action,
    notFound: NOT_FOUND,
    lock: lockSalesPackage,
    apply: async (tx, current) =>
      updateSalesPackageRow(tx, id, { ...(await change(tx, current)), updatedBy: actor.userId }),
    audited,
  });
  return readPackage(db, id);
}

/** PATCH /api/sales/packages/:id */
export function updateSalesPackage(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidPackageChange,
): Promise<SalesPackage> {
  return withUniqueNameAndCode(UNIQUE, input, () =>
    changeSalesPackage(db, actor, id, 'update', async (tx, current) => {
      await assertUniqueNameAndCode(tx, UNIQUE, input, id);
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
export function setSalesPackageActive(db: Database, actor: Actor, id: string, active: boolean): Promise<SalesPackage> {
  return changeSalesPackage(db, actor, id, active ? 'reactivate' : 'deactivate', async (_tx, current) => {
    assertActiveChanges('sales package', current.active, active);
    return { active };
  });
}

/** DELETE /api/sales/packages/:id: only while no price refers to it (409 otherwise). */
export function deleteSalesPackage(db: Database, actor: Actor, id: string): Promise<void> {
  return deleteUnpriced(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    notFound: NOT_FOUND,
    lock: lockSalesPackage,
    countPrices: (tx, packageId) => countPricesOf(tx, { packageId }),
    remove: deleteSalesPackageRow,
    audited,
  });
}
