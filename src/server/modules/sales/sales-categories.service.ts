/**
 * Sales categories (DOMAIN.md §4 "Sales"): customer segments or channels (retail, wholesale…), each
 * with a name unique in any case and a unique short code. Master data: every change is audited; a
 * category no price refers to may be deleted, one with prices is deactivated instead (409).
 */
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  ListSalesCategoriesQuery,
  SalesCategory,
  salesCategoryInputSchema,
  updateSalesCategorySchema,
} from '../../../common/contracts/sales';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { decodeCursor, toPage } from '../../http/list';
import { masterDataRecords, uniqueFields } from '../master-data/master-data';
import {
  countSalesCategories,
  deleteSalesCategoryRow,
  findSalesCategoryListRow,
  insertSalesCategory,
  listSalesCategoryRows,
  lockSalesCategory,
  SALES_CATEGORY_SORT_VALUES,
  SALES_CATEGORY_UNIQUE_COLUMNS,
  updateSalesCategoryRow,
  type SalesCategoryListRow,
  type SalesCategoryRow,
} from './sales-categories.repository';
import { inUseByPrices } from './sales-master-data';
import { countPricesOf } from './sales-prices.repository';
import { countPartnersWithSalesCategory } from '../partners/partners.repository';
import { counted, plural } from '../../../common/counted';

type ValidCategory = z.output<typeof salesCategoryInputSchema>;
type ValidCategoryChange = z.output<typeof updateSalesCategorySchema>;

export function presentSalesCategory(row: SalesCategoryListRow): SalesCategory {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    active: row.active,
    priceCount: row.priceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a category. */
function audited(row: SalesCategoryRow) {
  return { id: row.id, name: row.name, code: row.code, description: row.description, active: row.active };
}

export async function listSalesCategories(
  db: Database,
  query: ListSalesCategoriesQuery,
): Promise<ListResponse<SalesCategory>> {
  const [rows, count] = await Promise.all([
    listSalesCategoryRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countSalesCategories(db, query),
  ]);
  const page = toPage(rows, query.limit, SALES_CATEGORY_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentSalesCategory), nextCursor: page.nextCursor, ...count };
}

async function readCategory(db: Executor, id: string): Promise<SalesCategory> {
  const row = await findSalesCategoryListRow(db, id);
  if (!row) throw new Error(`sales category ${id} vanished`);
  return presentSalesCategory(row);
}

const records = masterDataRecords({
  recordType: 'sales_category',
  noun: 'sales category',
  notFound: 'No sales category with this id.',
  lock: lockSalesCategory,
  update: updateSalesCategoryRow,
  read: (db, _actor, row) => readCategory(db, row.id),
  audited,
});

const unique = uniqueFields(SALES_CATEGORY_UNIQUE_COLUMNS, {
  name: ({ asked }) => `A sales category named "${asked}" already exists. Choose another name.`,
  code: ({ asked }) => `The code ${asked} is already used by another sales category. Choose another code.`,
});

/** POST /api/sales/categories: 409 on the name or code when taken. */
export function createSalesCategory(db: Database, actor: Actor, input: ValidCategory): Promise<SalesCategory> {
  return unique.guard(input, () =>
    db.transaction(async (tx) => {
      await unique.assertFree(tx, input);
      const row = await insertSalesCategory(tx, {
        name: input.name,
        code: input.code,
        description: input.description,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      return records.created(tx, actor, row);
    }),
  );
}

/** PATCH /api/sales/categories/:id */
export function updateSalesCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidCategoryChange,
): Promise<SalesCategory> {
  return unique.guard(input, () =>
    records.change(db, actor, id, 'update', async (_current, tx) => {
      await unique.assertFree(tx, input, id);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
    }),
  );
}

/** POST /api/sales/categories/:id/deactivate and /reactivate: 409 when already so. */
export const setSalesCategoryActive = records.setActive;

/** DELETE /api/sales/categories/:id: only while no price refers to it and no partner has it as default (409 otherwise). */
export const deleteSalesCategory = records.deleteWhenUnused({
  inUse: inUseByPrices(
    (tx, categoryId) => countPricesOf(tx, { categoryId }),
    async (tx, categoryId) => {
      const partners = await countPartnersWithSalesCategory(tx, categoryId);
      return partners > 0
        ? `${counted(partners, 'partner')} that ${plural(partners, 'defaults', 'default')} to it`
        : null;
    },
  ),
  remove: deleteSalesCategoryRow,
});
