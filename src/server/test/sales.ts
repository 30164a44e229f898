/**
 * Test data for sales master data, straight in the database (no HTTP):
 *
 *   const category = await makeSalesCategory(db);
 *   const pkg = await makeSalesPackage(db);                      // on a new CKD category
 *   await setSalesPrice(db, { packageId: pkg.id, categoryId: category.id, unitPrice: 4500, effectiveFrom: '2026-01-01' });
 *
 * Names and codes are random, so calls never collide.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { makeCkdCategory } from './production';

const token = () => Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');

export interface MadeSalesRecord {
  id: string;
  name: string;
  code: string;
}

export async function makeSalesCategory(
  db: Executor,
  options: { name?: string; code?: string; active?: boolean } = {},
): Promise<MadeSalesRecord> {
  const code = options.code ?? `C${token()}`;
  const name = options.name ?? `Category ${code}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_categories (name, code, active) values (${name}, ${code}, ${options.active ?? true})
        returning id`,
  );
  if (!row) throw new Error('makeSalesCategory: nothing inserted');
  return { id: row.id, name, code };
}

/** A package on `ckdCategoryId`, or on a new CKD category. */
export async function makeSalesPackage(
  db: Executor,
  options: { name?: string; code?: string; ckdCategoryId?: string; stovesPerPackage?: number; active?: boolean } = {},
): Promise<MadeSalesRecord & { ckdCategoryId: string }> {
  const code = options.code ?? `P${token()}`;
  const name = options.name ?? `Package ${code}`;
  const ckdCategoryId = options.ckdCategoryId ?? (await makeCkdCategory(db)).id;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_packages (name, code, ckd_category_id, stoves_per_package, active)
        values (${name}, ${code}, ${ckdCategoryId}, ${options.stovesPerPackage ?? 1}, ${options.active ?? true})
        returning id`,
  );
  if (!row) throw new Error('makeSalesPackage: nothing inserted');
  return { id: row.id, name, code, ckdCategoryId };
}

/** One price of a cell; `createdAt` orders corrections on the same date (default now). */
export async function setSalesPrice(
  db: Executor,
  options: {
    packageId: string;
    categoryId: string;
    unitPrice: number;
    effectiveFrom: string;
    currency?: string;
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_prices (package_id, category_id, unit_price, currency, effective_from, created_at)
        values (${options.packageId}, ${options.categoryId}, ${options.unitPrice}, ${options.currency ?? 'KES'},
                ${options.effectiveFrom}, ${(options.createdAt ?? new Date()).toISOString()})
        returning id`,
  );
  if (!row) throw new Error('setSalesPrice: nothing inserted');
  return row.id;
}
