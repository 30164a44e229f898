/**
 * End users of sold stoves (issue 26, DOMAIN.md §4 "Carbon programme").
 *
 * A registration starts at the handover and ends when the stove is returned (a return note or its
 * order's cancellation, in that transaction: endStoveRegistrations). At most one is open per stove:
 * the check below, and the partial unique index end_user_registrations_one_open_idx under it, so a
 * concurrent registration of the same stove fails whole (409). Direct sales (the customer is not a
 * distributor or a retailer) register the order's buyer at sale: registerBuyerAtSale. Stoves sold
 * through distributors and retailers are registered by CSV import (all or nothing) or one at a time.
 * Factory scope: a factory-scoped user registers and sees only their own factory's stoves.
 */
import type { z } from 'zod';
import {
  END_USER_CSV_COLUMNS,
  isDirectSale,
  registerEndUserSchema,
  type EndUser,
  type EndUserCsvField,
  type EndUserFields,
  type EndUserSource,
  type ListEndUsersQuery,
} from '../../../common/contracts/carbon';
import type { CsvImportResult, CsvRowError, ListResponse } from '../../../common/contracts/list';
import type { PartnerType } from '../../../common/contracts/partners';
import { salesOrderNumberLabel } from '../../../common/contracts/sales-orders';
import { normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import { queryRows, type Database, type Executor } from '../../db/client';
import { violatedUniqueIndex } from '../../db/database-errors';
import { refuseFaultyImport, validateCsv } from '../../http/csv-import';
import { errors } from '../../http/errors';
import { allPages, countCapped, decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { sql } from 'drizzle-orm';
import { endUserProblem } from '../../../common/end-user-rules';
import {
  type END_USER_SORT_SQL,
  endRegistrations,
  endUserFrom,
  endUserRows,
  endUserWhere,
  insertRegistrations,
  resellerRows,
  stovesForEndUser,
  type EndUserFilters,
  type EndUserRow,
  type NewRegistration,
  type StoveRow,
} from './end-users.repository';

const ONE_OPEN_INDEX = 'end_user_registrations_one_open_idx';
const PREVIEW_ROWS = 20;

/** "Handed over to Achieng Otieno at Nyalenda, Kisumu East, Kisumu on 2026-03-02": the history's note. */
export function handoverNote(
  u: Pick<EndUserFields, 'name' | 'county' | 'subCounty' | 'village' | 'handoverDate'>,
): string {
  const where = [u.village, u.subCounty, u.county].filter(Boolean).join(', ');
  return `Handed over to ${u.name}${where ? ` at ${where}` : ''} on ${u.handoverDate}`;
}

function newRegistration(stove: StoveRow, fields: EndUserFields, source: EndUserSource): NewRegistration {
  if (!stove.sale) throw new Error(`stove ${stove.code}: not sold`);
  return {
    stoveIdId: stove.id,
    orderId: stove.sale.orderId,
    kind: fields.kind,
    name: fields.name,
    phone: fields.phone,
    county: fields.county,
    subCounty: fields.subCounty,
    village: fields.village,
    latitude: fields.latitude,
    longitude: fields.longitude,
    handoverDate: fields.handoverDate,
    source,
    note: handoverNote(fields),
  };
}

/** Inserts, turning the open-registration index's refusal (a concurrent registration won) into a 409. */
async function insertOrConflict(tx: Executor, rows: NewRegistration[], actorId: string): Promise<string[]> {
  try {
    return await insertRegistrations(tx, rows, actorId);
  } catch (error) {
    if (violatedUniqueIndex(error) === ONE_OPEN_INDEX)
      throw errors.conflict('Nothing was registered: a stove was registered by someone else meanwhile. Check again.');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Hooks of the sales flow

/**
 * At a direct sale (the customer is not a distributor or a retailer), the order's buyer becomes the
 * end user of each of its stoves, handed over on the sale's day: the buyer's name and phone, and
 * the buyer's location as the village (county and sub-county left empty). Same transaction.
 */
export async function registerBuyerAtSale(
  tx: Executor,
  sale: {
    orderId: string;
    customerType: PartnerType;
    date: string;
    buyerName: string;
    buyerPhone: string | null;
    buyerLocation: string | null;
    stoveIdIds: readonly number[];
    actorId: string;
  },
): Promise<number> {
  if (!isDirectSale(sale.customerType)) return 0;
  const fields: EndUserFields = {
    kind: sale.customerType === 'institution' ? 'institution' : 'household',
    name: sale.buyerName,
    phone: sale.buyerPhone,
    county: null,
    subCounty: null,
    village: sale.buyerLocation,
    latitude: null,
    longitude: null,
    handoverDate: sale.date,
  };
  const note = handoverNote(fields);
  const ids = await insertRegistrations(
    tx,
    sale.stoveIdIds.map((stoveIdId) => ({ ...fields, stoveIdId, orderId: sale.orderId, source: 'sale', note })),
    sale.actorId,
  );
  return ids.length;
}

/** A return note or a cancellation ends the open registrations of the stoves it takes back. */
export function endStoveRegistrations(
  tx: Executor,
  stoveIdIds: readonly number[],
  why: string,
  actorId: string,
): Promise<number> {
  return endRegistrations(tx, stoveIdIds, why, actorId);
}

// ---------------------------------------------------------------------------------------------
// Registering

/** POST /api/carbon/end-users: one stove's end user. 404 unknown (or out of scope); 409 otherwise. */
export async function registerEndUser(
  db: Database,
  actor: Actor,
  input: z.output<typeof registerEndUserSchema>,
): Promise<EndUser> {
  const { code: raw, ...fields } = input;
  const code = normalizeCode(raw);
  const id = await db.transaction(async (tx) => {
    const stove = (await stovesForEndUser(tx, [code], true)).get(code);
    const problem = endUserProblem(stove, {
      handoverDate: fields.handoverDate,
      inScope: (f) => inScope(actor, f),
    });
    if (problem === 'Unknown stove ID' || !stove) throw errors.notFound(`No stove ID ${code}.`);
    if (problem) throw errors.conflict(`${code}: ${problem}.`);
    const [created] = await insertOrConflict(tx, [newRegistration(stove, fields, 'form')], actor.userId);
    if (!created) throw new Error('registerEndUser: nothing inserted');
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: 'end_user_registration',
      recordId: created,
      after: { code, ...fields },
    });
    return created;
  });
  const [item] = await listRows(db, { ids: [id] }, 'handoverDate', 'asc', null, 1);
  if (!item) throw new Error(`end user ${id}: not found after insert`);
  return item;
}

const IMPORT_COLUMNS = END_USER_CSV_COLUMNS;

/**
 * POST /api/carbon/end-users/import: every row checked (format, then the registry: unknown, not
 * sold, sold to another partner, already registered, a repeated stove ID, a handover before the
 * sale). A dry run reports the verdicts and a preview. The import writes every row in one
 * transaction, or nothing: any row in error is a 400 and nothing changes.
 */
export async function importEndUsers(
  db: Database,
  actor: Actor,
  request: { csv: string; dryRun: boolean; partnerId: string },
): Promise<CsvImportResult> {
  const partner = await findPartner(db, request.partnerId);
  if (!partner)
    throw errors.validation('Choose the partner the stoves were sold to.', { partnerId: ['No such partner.'] });

  const run = async (tx: Executor) => {
    const validated = validateCsv(request.csv, IMPORT_COLUMNS, registerEndUserSchema);
    const rowErrors: CsvRowError[] = [...validated.errors];
    const stoves = await stovesForEndUser(
      tx,
      [...new Set(validated.rows.map((r) => normalizeCode(r.value.code)))],
      !request.dryRun,
    );
    const seen = new Map<string, number>();
    const ready: { line: number; stove: StoveRow; fields: EndUserFields; code: string }[] = [];
    for (const { line, value } of validated.rows) {
      const { code: raw, ...fields } = value;
      const code = normalizeCode(raw);
      const stove = stoves.get(code);
      const earlier = seen.get(code);
      const problem =
        earlier !== undefined
          ? `Same stove ID as line ${earlier}`
          : endUserProblem(stove, {
              partnerId: partner.id,
              handoverDate: fields.handoverDate,
              inScope: (f) => inScope(actor, f),
            });
      if (earlier === undefined) seen.set(code, line);
      if (problem || !stove)
        rowErrors.push({ line, field: 'code', message: `${code}: ${problem ?? 'Unknown stove ID'}` });
      else ready.push({ line, stove, fields, code });
    }
    rowErrors.sort((a, b) => a.line - b.line);
    return { validated, rowErrors, ready };
  };

  const result = (checked: Awaited<ReturnType<typeof run>>, imported: number): CsvImportResult => ({
    dryRun: request.dryRun,
    totalRows: checked.validated.totalRows,
    validRows: checked.ready.length,
    imported,
    errors: checked.rowErrors,
    columns: IMPORT_COLUMNS.map(({ field, header }) => ({ field, header })),
    preview: checked.ready.slice(0, PREVIEW_ROWS).map(({ code, fields }): Record<EndUserCsvField, string | null> => ({
      code,
      kind: fields.kind === 'institution' ? 'Institution' : 'Household',
      name: fields.name,
      phone: fields.phone,
      county: fields.county,
      subCounty: fields.subCounty,
      village: fields.village,
      latitude: fields.latitude === null ? null : String(fields.latitude),
      longitude: fields.longitude === null ? null : String(fields.longitude),
      handoverDate: fields.handoverDate,
    })),
  });

  if (request.dryRun) return result(await run(db), 0);

  return db.transaction(async (tx) => {
    const checked = await run(tx);
    refuseFaultyImport(checked.rowErrors, checked.validated.totalRows, checked.ready.length);
    const ids = await insertOrConflict(
      tx,
      checked.ready.map((r) => newRegistration(r.stove, r.fields, 'import')),
      actor.userId,
    );
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'import',
      recordType: 'end_user_registration',
      recordId: ids[0] ?? partner.id,
      after: { partner: partner.name, stoves: ids.length, codes: checked.ready.map((r) => r.code) },
    });
    return result(checked, ids.length);
  });
}

async function findPartner(db: Executor, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await queryRows<{ id: string; name: string }>(db, sql`select id, name from partners where id = ${id}`);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Listing

function present(row: EndUserRow): EndUser {
  return {
    id: row.id,
    code: row.code,
    model: row.model,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    order: { id: row.orderId, label: salesOrderNumberLabel(row.orderNumber), date: row.saleDate },
    partner: { id: row.partnerId, name: row.partnerName, type: row.partnerType },
    kind: row.kind,
    name: row.name,
    phone: row.phone,
    county: row.county,
    subCounty: row.subCounty,
    village: row.village,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    handoverDate: row.handoverDate,
    source: row.source,
    status: row.endedAt === null ? 'open' : 'ended',
    endedAt: row.endedAt,
    endReason: row.endReason,
  };
}

type SortKey = keyof typeof END_USER_SORT_SQL;

const SORT_VALUE: Record<SortKey, (item: EndUser) => string> = {
  handoverDate: (i) => i.handoverDate,
  code: (i) => i.code,
  name: (i) => i.name,
  saleDate: (i) => i.order.date,
};

async function listRows(
  db: Executor,
  filters: EndUserFilters,
  sort: SortKey,
  dir: 'asc' | 'desc',
  cursor: Parameters<typeof endUserRows>[4],
  limit: number,
): Promise<EndUser[]> {
  return (await endUserRows(db, filters, sort, dir, cursor, limit)).map(present);
}

function filtersOf(actor: Actor, query: Omit<ListEndUsersQuery, 'limit' | 'cursor'>): EndUserFilters {
  return {
    q: query.q,
    status: query.status,
    partnerId: query.partnerId,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
  };
}

/** GET /api/carbon/end-users */
export async function listEndUsers(
  db: Database,
  actor: Actor,
  query: ListEndUsersQuery,
): Promise<ListResponse<EndUser>> {
  const filters = filtersOf(actor, query);
  const [items, total] = await Promise.all([
    listRows(db, filters, query.sort, query.dir, decodeCursor(query.cursor), query.limit + 1),
    countCapped(db, endUserFrom(), endUserWhere(filters)),
  ]);
  const page = toPage(items, query.limit, SORT_VALUE[query.sort]);
  return { items: page.items, nextCursor: page.nextCursor, ...total };
}

/** GET /api/carbon/end-users/export.csv: the whole filtered list, page by page. */
export function exportEndUsers(
  db: Database,
  actor: Actor,
  query: Omit<ListEndUsersQuery, 'limit' | 'cursor'>,
): AsyncGenerator<EndUser[]> {
  const filters = filtersOf(actor, query);
  return allPages(
    (cursor, limit) => listRows(db, filters, query.sort, query.dir, cursor, limit),
    SORT_VALUE[query.sort],
  );
}

/** GET /api/carbon/partners: the partners an import's stoves may have been sold to. */
export function listResellers(db: Database) {
  return resellerRows(db);
}
