/**
 * The CKD reports' reads. They read the kit movements summed per factory, category and day
 * (ckd_daily, kept by recordKitMovements with every movement), never the ledger itself: a report
 * over years reads at most one row per factory, category and day, however many movements there were.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** What moved on one day or over a range (consumed is net of reversals; adjusted is signed). */
export interface KitActivity {
  produced: number;
  received: number;
  sent: number;
  consumed: number;
  adjusted: number;
}

export interface PairFiguresRow extends KitActivity {
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  /** The stock at the start of `from`: every movement before it. */
  opening: number;
}

export interface DayActivityRow extends KitActivity {
  day: string;
}

export interface NamedRef {
  id: string;
  name: string;
  code: string;
}

/** A day's (or several days') net effect on stock, as SQL over ckd_daily columns. */
const NET = sql`produced + received - sent - consumed + adjusted`;

type Numeric = number | string | bigint;
const toNumber = (value: Numeric | null): number => Number(value ?? 0);

function activityOf(row: Record<keyof KitActivity, Numeric | null>): KitActivity {
  return {
    produced: toNumber(row.produced),
    received: toNumber(row.received),
    sent: toNumber(row.sent),
    consumed: toNumber(row.consumed),
    adjusted: toNumber(row.adjusted),
  };
}

const filters = (conditions: (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`` : sql` and ${sql.join(present, sql` and `)}`;
};

/**
 * Per factory × category with any movement on or before `to`: the opening stock at `from` (the
 * days before it summed) and the movements of `from`..`to` (both included). Two aggregates over
 * disjoint days rather than one with filters: each day row is summed once, for what it counts in.
 */
export async function reportByPair(
  db: Executor,
  range: { from: string; to: string; factoryId?: string | undefined; categoryId?: string | undefined },
): Promise<PairFiguresRow[]> {
  const scope = filters([
    range.factoryId ? sql`factory_id = ${range.factoryId}` : undefined,
    range.categoryId ? sql`category_id = ${range.categoryId}` : undefined,
  ]);
  const rows = await queryRows<
    Omit<PairFiguresRow, keyof KitActivity | 'opening'> & Record<keyof KitActivity | 'opening', Numeric | null>
  >(
    db,
    sql`with opening as (
               select factory_id, category_id, sum(${NET})::bigint as opening
                 from ckd_daily
                where day < ${range.from}::date${scope}
                group by factory_id, category_id),
             activity as (
               select factory_id, category_id, sum(produced)::bigint as produced, sum(received)::bigint as received,
                      sum(sent)::bigint as sent, sum(consumed)::bigint as consumed, sum(adjusted)::bigint as adjusted
                 from ckd_daily
                where day between ${range.from}::date and ${range.to}::date${scope}
                group by factory_id, category_id)
        select f.id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
               c.id as "categoryId", c.name as "categoryName", c.code as "categoryCode",
               o.opening, a.produced, a.received, a.sent, a.consumed, a.adjusted
          from opening o
          full join activity a using (factory_id, category_id)
          join factories f on f.id = factory_id
          join ckd_categories c on c.id = category_id
         order by f.code, c.code`,
  );
  return rows.map((r) => ({
    factoryId: r.factoryId,
    factoryName: r.factoryName,
    factoryCode: r.factoryCode,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    categoryCode: r.categoryCode,
    opening: toNumber(r.opening),
    ...activityOf(r),
  }));
}

/** One factory's kit stock (one category, or all summed) at the start of `day`. */
export async function factoryOpening(
  db: Executor,
  factoryId: string,
  categoryId: string | undefined,
  day: string,
): Promise<number> {
  const [row] = await queryRows<{ opening: Numeric | null }>(
    db,
    sql`select coalesce(sum(${NET}), 0)::bigint as opening
          from ckd_daily
         where factory_id = ${factoryId} and day < ${day}::date${filters([
           categoryId ? sql`category_id = ${categoryId}` : undefined,
         ])}`,
  );
  return toNumber(row?.opening ?? 0);
}

/** One factory's movements per day of `from`..`to` that had any, in day order. */
export async function factoryActivityByDay(
  db: Executor,
  range: { factoryId: string; categoryId?: string | undefined; from: string; to: string },
): Promise<DayActivityRow[]> {
  const rows = await queryRows<{ day: string } & Record<keyof KitActivity, Numeric>>(
    db,
    sql`select day::text as day, sum(produced)::bigint as produced, sum(received)::bigint as received,
               sum(sent)::bigint as sent, sum(consumed)::bigint as consumed, sum(adjusted)::bigint as adjusted
          from ckd_daily
         where factory_id = ${range.factoryId}
           and day between ${range.from}::date and ${range.to}::date${filters([
             range.categoryId ? sql`category_id = ${range.categoryId}` : undefined,
           ])}
         group by day
         order by day`,
  );
  return rows.map((r) => ({ day: r.day, ...activityOf(r) }));
}

export async function findFactoryRef(db: Executor, id: string): Promise<NamedRef | null> {
  const [row] = await queryRows<NamedRef>(db, sql`select id, name, code from factories where id = ${id}`);
  return row ?? null;
}

export async function findCategoryRef(db: Executor, id: string): Promise<NamedRef | null> {
  const [row] = await queryRows<NamedRef>(db, sql`select id, name, code from ckd_categories where id = ${id}`);
  return row ?? null;
}

/** Every kit category by code, inactive ones too (they have history). */
export async function kitCategoryOptions(db: Executor): Promise<(NamedRef & { active: boolean })[]> {
  return queryRows<NamedRef & { active: boolean }>(
    db,
    sql`select id, name, code, active from ckd_categories order by code`,
  );
}
