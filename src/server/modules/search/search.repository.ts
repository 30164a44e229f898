/**
 * The global search's lookups: each reads one kind by its unique number, its unique code or a name
 * prefix, through an index, with the factory scope its own list applies (`scope`: a factory-scoped
 * user's factory; undefined for a global user). None reads a table from end to end.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { InventoryEntryKind } from '../../../common/contracts/inventory';
import type { SalesOrderStatus } from '../../../common/contracts/sales-orders';
import type { StoveReportStatus } from '../../../common/contracts/production';
import { STOVE_ID_STATUSES, type StoveIdStatus, type StoveTransferStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';

/** "Either side is the scope factory" for a document with two sides (transfers), or nothing for a global user. */
function eitherSide(scope: string | undefined, from: SQL, to: SQL): SQL {
  return scope === undefined ? sql`true` : sql`(${from} = ${scope} or ${to} = ${scope})`;
}

function atFactory(scope: string | undefined, column: SQL): SQL {
  return scope === undefined ? sql`true` : sql`${column} = ${scope}`;
}

/** `text%` for LIKE, with the user's % and _ taken literally. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface StoveIdHitRow {
  code: string;
  status: StoveIdStatus;
  factoryName: string;
}

/**
 * Stove IDs whose code starts with `prefix` (an exact code sorts first: it is the shortest), read
 * as index ranges: code is `collate "C"` and made of A-Z, 0-9 and -, which all sort before ~, so
 * the codes from `prefix` up to `prefix~` are those that start with it.
 * - Everyone's: one range of the unique code index.
 * - A factory's (`scope`): one range of the (factory, status, code) index per status, each started
 *   at the prefix (as the stove ID list does, decision 0013), so a factory whose codes come after
 *   other factories' still finds its own. The exact code on a pending transfer to the factory is
 *   found too, as its page shows it.
 */
export function findStoveIdsByPrefix(
  db: Executor,
  prefix: string,
  scope: string | undefined,
  limit: number,
): Promise<StoveIdHitRow[]> {
  const end = `${prefix}~`;
  const found =
    scope === undefined
      ? sql`select code, status, factory_id from stove_ids
             where code >= ${prefix} and code < ${end} order by code limit ${limit}`
      : sql.join(
          [
            ...STOVE_ID_STATUSES.map(
              (status) =>
                sql`(select code, status, factory_id from stove_ids
                      where factory_id = any(array[${scope}]::uuid[]) and status = ${status}
                        and code >= ${prefix} and code < ${end}
                      order by code limit ${limit})`,
            ),
            sql`(select s.code, s.status, s.factory_id from stove_ids s
                  join stove_transfers t on t.id = s.pending_transfer_id and t.to_factory_id = ${scope}
                 where s.code = ${prefix})`,
          ],
          sql` union `,
        );
  return queryRows<StoveIdHitRow>(
    db,
    sql`select s.code, s.status, f.name as "factoryName"
          from (${found}) s
          join factories f on f.id = s.factory_id
         order by s.code
         limit ${limit}`,
  );
}

export interface StoveTransferHitRow {
  id: string;
  number: number;
  status: StoveTransferStatus;
  idCount: number;
  fromName: string;
  toName: string;
}

/** The stove transfer of this number, if the scope factory is a side of it (as Transfer History). */
export function findStoveTransferByNumber(
  db: Executor,
  number: number,
  scope: string | undefined,
): Promise<StoveTransferHitRow[]> {
  return queryRows<StoveTransferHitRow>(
    db,
    sql`select t.id, t.number::int as number, t.status, t.id_count as "idCount",
               fa.name as "fromName", fb.name as "toName"
          from stove_transfers t
          join factories fa on fa.id = t.from_factory_id
          join factories fb on fb.id = t.to_factory_id
         where t.number = ${number} and ${eitherSide(scope, sql`t.from_factory_id`, sql`t.to_factory_id`)}`,
  );
}

export interface StoveReportHitRow {
  id: string;
  number: number;
  date: string;
  status: StoveReportStatus;
  stoveCount: number;
  factoryName: string;
  categoryName: string;
}

/** The stove report of this number, if it is the scope factory's (as the Production Overview). */
export function findStoveReportByNumber(
  db: Executor,
  number: number,
  scope: string | undefined,
): Promise<StoveReportHitRow[]> {
  return queryRows<StoveReportHitRow>(
    db,
    sql`select r.id, r.number::int as number, to_char(r.date, 'YYYY-MM-DD') as date, r.status,
               r.stove_count as "stoveCount", f.name as "factoryName", c.name as "categoryName"
          from stove_reports r
          join factories f on f.id = r.factory_id
          join ckd_categories c on c.id = r.category_id
         where r.number = ${number} and ${atFactory(scope, sql`r.factory_id`)}`,
  );
}

export interface SalesOrderHitRow {
  id: string;
  number: number;
  date: string;
  status: SalesOrderStatus;
  factoryName: string;
  customerName: string;
}

/** The sales order of this number, if it is the scope factory's (as the Sales Order list). */
export function findSalesOrderByNumber(
  db: Executor,
  number: number,
  scope: string | undefined,
): Promise<SalesOrderHitRow[]> {
  return queryRows<SalesOrderHitRow>(
    db,
    sql`select o.id, o.number::int as number, to_char(o.date, 'YYYY-MM-DD') as date, o.status,
               f.name as "factoryName", p.name as "customerName"
          from sales_orders o
          join factories f on f.id = o.factory_id
          join partners p on p.id = o.customer_id
         where o.number = ${number} and ${atFactory(scope, sql`o.factory_id`)}`,
  );
}

export interface KitTransferHitRow {
  id: string;
  number: number;
  date: string;
  quantity: number;
  fromName: string;
  toName: string;
}

/** The kit transfer of this number, if the scope factory is a side of it (as CKD Transfer). */
export function findKitTransferByNumber(
  db: Executor,
  number: number,
  scope: string | undefined,
): Promise<KitTransferHitRow[]> {
  return queryRows<KitTransferHitRow>(
    db,
    sql`select t.id, t.number::int as number, to_char(t.date, 'YYYY-MM-DD') as date, t.quantity,
               fa.name as "fromName", fb.name as "toName"
          from ckd_transfers t
          join factories fa on fa.id = t.from_factory_id
          join factories fb on fb.id = t.to_factory_id
         where t.number = ${number} and ${eitherSide(scope, sql`t.from_factory_id`, sql`t.to_factory_id`)}`,
  );
}

export interface InventoryEntryHitRow {
  id: string;
  number: number;
  kind: InventoryEntryKind;
  date: string;
  factoryName: string;
  toFactoryName: string | null;
}

/** The inventory entry of this number, if the scope factory is a side of it (as the inventory lists). */
export function findInventoryEntryByNumber(
  db: Executor,
  number: number,
  scope: string | undefined,
): Promise<InventoryEntryHitRow[]> {
  return queryRows<InventoryEntryHitRow>(
    db,
    sql`select e.id, e.number::int as number, e.kind, to_char(e.date, 'YYYY-MM-DD') as date,
               f.name as "factoryName", tf.name as "toFactoryName"
          from inventory_entries e
          join factories f on f.id = e.factory_id
          left join factories tf on tf.id = e.to_factory_id
         where e.number = ${number} and ${eitherSide(scope, sql`e.factory_id`, sql`e.to_factory_id`)}`,
  );
}

export interface PartnerHitRow {
  name: string;
  region: string;
  contactPerson: string | null;
  active: boolean;
}

/**
 * Partners whose name starts with `text`, in any case, by name. The lower-cased search column
 * starts with the name and has a trigram index, which a LIKE prefix uses.
 */
export function findPartnersByNamePrefix(db: Executor, text: string, limit: number): Promise<PartnerHitRow[]> {
  const pattern = prefixPattern(text.toLowerCase());
  return queryRows<PartnerHitRow>(
    db,
    sql`select name, region, contact_person as "contactPerson", active
          from partners
         where search like ${pattern} and lower(name) like ${pattern}
         order by name, id
         limit ${limit}`,
  );
}

export interface UserHitRow {
  name: string;
  email: string;
  active: boolean;
  factoryName: string | null;
}

/** Users whose name (their profile's, else their account's) or email starts with `text`, in any case, by name. */
export function findUsersByNamePrefix(db: Executor, text: string, limit: number): Promise<UserHitRow[]> {
  const pattern = prefixPattern(text.toLowerCase());
  return queryRows<UserHitRow>(
    db,
    sql`select coalesce(p.name, u.name) as name, u.email, p.active, f.name as "factoryName"
          from users u
          join profiles p on p.id = u.id
          left join factories f on f.id = p.factory_id
         where lower(coalesce(p.name, u.name)) like ${pattern} or lower(u.email) like ${pattern}
         order by lower(coalesce(p.name, u.name)), u.id
         limit ${limit}`,
  );
}
