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
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import {
  countSalesCategories,
  deleteSalesCategoryRow,
  findSalesCategoryListRow,
  insertSalesCategory,
  listSalesCategoryRows,
  lockSalesCategory,
  SALES_CATEGORY_SORT_VALUES,
  updateSalesCategoryRow,
  type SalesCategoryListRow,
  type SalesCategoryRow,
} from './sales-categories.repository';
import { assertUniqueNameAndCode, deleteUnpriced, withUniqueNameAndCode, type UniqueRules } from './sales-master-data';
import { countPricesOf } from './sales-prices.repository';
import { countPartnersWithSalesCategory } from '../partners/partners.repository';
import { counted } from '../../../common/counted';

type ValidCategory = z.output<typeof salesCategoryInputSchema>;
type ValidCategoryChange = z.output<typeof updateSalesCategorySchema>;

const RECORD_TYPE = 'sales_category';
const NOT_FOUND = 'No sales category with this id.';
const UNIQUE: UniqueRules = {
  noun: 'sales category',
  table: 'sales_categories',
  nameIndex: 'sales_categories_name_key',
  codeIndex: 'sales_categories_code_key',
};

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

/** POST /api/sales/categories: 409 on the name or code when taken. */
export function createSalesCategory(db: Database, actor: Actor, input: ValidCategory): Promise<SalesCategory> {
  return withUniqueNameAndCode(UNIQUE, input, () =>
    db.transaction(async (tx) => {
      await assertUniqueNameAndCode(tx, UNIQUE, input);
      const row = await insertSalesCategory(tx, {
        name: input.name,
        code: input.code,
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
      return readCategory(tx, row.id);
    }),
  );
}

/** Applies a change to one category under a row lock and audits before and after. */
async function changeSalesCategory(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  change: (tx: Executor, current: SalesCategoryRow) => Promise<Partial<SalesCategoryRow>>,
): Promise<SalesCategory> {
  await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action,
    notFound: NOT_FOUND,
    lock: (tx, categoryId) => lockSalesCategory(tx, categoryId),
    apply: async (tx, current) =>
      updateSalesCategoryRow(tx, id, { ...(await change(tx, current)), updatedBy: actor.userId }),
    audited,
  });
  return readCategory(db, id);
}

/** PATCH /api/sales/categories/:id */
export function updateSalesCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: ValidCategoryChange,
): Promise<SalesCategory> {
  return withUniqueNameAndCode(UNIQUE, input, () =>
    changeSalesCategory(db, actor, id, 'update', async (tx) => {
      await assertUniqueNameAndCode(tx, UNIQUE, input, id);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
    }),
  );
}

/** POST /api/sales/categories/:id/deactivate and /reactivate: 409 when already so. */
export function setSalesCategoryActive(
  db: Database,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<SalesCategory> {
  return changeSalesCategory(db, actor, id, active ? 'reactivate' : 'deactivate', async (_tx, current) => {
    assertActiveChanges('sales category', current.active, active);
    return { active };
  });
}

/** DELETE /api/sales/categories/:id: only while no price refers to it and no partner has it as default (409 otherwise). */
export function deleteSalesCategory(db: Database, actor: Actor, id: string): Promise<void> {
  return deleteUnpriced(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    notFound: NOT_FOUND,
    lock: (tx, categoryId) => lockSalesCategory(tx, categoryId),
    countPrices: (tx, categoryId) => countPricesOf(tx, { categoryId }),
    otherUses: async (tx, categoryId) => {
      const partners = await countPartnersWithSalesCategory(tx, categoryId);
      return partners > 0
        ? `${counted(partners, 'partner')} that ${partners === 1 ? 'defaults' : 'default'} to it`
        : null;
    },
    remove: deleteSalesCategoryRow,
    audited,
  });
}
