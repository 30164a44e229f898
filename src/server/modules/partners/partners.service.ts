import type { CsvImportResult, CsvRowError, ListResponse } from '../../../common/contracts/list';
import {
  PARTNER_CSV_ACTIVE_COLUMN,
  PARTNER_CSV_COLUMNS,
  partnerCsvRowSchema,
  type ListPartnersQuery,
  type Partner,
  type partnerInputSchema,
} from '../../../common/contracts/partners';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { validateCsv } from '../../http/csv-import';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudit, insertAudits } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import { lockSalesCategory, salesCategoryRefs } from '../sales/sales-categories.repository';
import {
  findPartnerByNameAndRegion,
  findPartnersByNames,
  insertPartners,
  listPartnerPage,
  listPartnerRows,
  lockPartner,
  PARTNER_SORT_VALUES,
  updatePartnerRow,
  type PartnerRow,
} from './partners.repository';

type ValidPartner = z.output<typeof partnerInputSchema>;
type ValidCsvPartner = z.output<typeof partnerCsvRowSchema>;

interface SalesCategoryRef {
  id: string;
  name: string;
  code: string;
  active: boolean;
}
/** The sales categories by id, to name a changed partner's default category. */
type SalesCategoryRefs = ReadonlyMap<string, SalesCategoryRef>;

async function loadSalesCategoryRefs(db: Executor): Promise<SalesCategoryRefs> {
  return new Map((await salesCategoryRefs(db)).map((r) => [r.id, r]));
}

/**
 * A partner as the API shows it, from its row. Lists have the database build the same shape
 * (listPartnerPage); partners.test.ts checks that both agree.
 */
function presentPartner(row: PartnerRow, categories: SalesCategoryRefs): Partner {
  const category = row.defaultSalesCategoryId ? categories.get(row.defaultSalesCategoryId) : undefined;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    contactPerson: row.contactPerson,
    phone: row.phone,
    email: row.email,
    region: row.region,
    address: row.address,
    notes: row.notes,
    defaultSalesCategory: category ? { id: category.id, name: category.name, code: category.code } : null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPartners(db: Database, query: ListPartnersQuery): Promise<ListResponse<Partner>> {
  const { items, total } = await listPartnerPage(db, query, decodeCursor(query.cursor), query.limit + 1);
  const page = toPage(items, query.limit, PARTNER_SORT_VALUES[query.sort]);
  return { items: page.items, nextCursor: page.nextCursor, ...total };
}

/** The whole filtered list, page by page, as the API shows partners. */
export function exportPartners(
  db: Database,
  query: Omit<ListPartnersQuery, 'limit' | 'cursor'>,
): AsyncGenerator<Partner[]> {
  return allPages((cursor, limit) => listPartnerRows(db, query, cursor, limit), PARTNER_SORT_VALUES[query.sort]);
}

/**
 * 400 on the field unless `id` is an active sales category. Locks it FOR SHARE, so a delete of the
 * category waits for this partner and then sees it (409), or wins and this check fails.
 */
async function assertActiveCategory(tx: Executor, id: string): Promise<void> {
  if ((await lockSalesCategory(tx, id, 'share'))?.active) return;
  const message = 'Choose an active sales category';
  throw errors.validation(message, { defaultSalesCategoryId: [message] });
}

const duplicateMessage = (name: string, region: string) =>
  `A partner named "${name}"${region ? ` in ${region}` : ''} already exists.`;

async function assertUnique(db: Executor, name: string, region: string, exceptId?: string) {
  if (await findPartnerByNameAndRegion(db, name, region, exceptId)) {
    throw errors.conflict(duplicateMessage(name, region), { name: [duplicateMessage(name, region)] });
  }
}

function rowValues(input: ValidPartner, actor: Actor) {
  return { ...input, createdBy: actor.userId, updatedBy: actor.userId };
}

export async function createPartner(db: Database, actor: Actor, input: ValidPartner): Promise<Partner> {
  return db.transaction(async (tx) => {
    const categories = await loadSalesCategoryRefs(tx);
    if (input.defaultSalesCategoryId) await assertActiveCategory(tx, input.defaultSalesCategoryId);
    await assertUnique(tx, input.name, input.region);
    const [row] = await insertPartners(tx, [rowValues(input, actor)]);
    if (!row) throw new Error('insert into partners returned no row');
    const partner = presentPartner(row, categories);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: 'partner',
      recordId: row.id,
      after: partner,
    });
    return partner;
  });
}

/** Applies a change to one partner under a row lock and audits before and after. */
async function changePartner(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  change: (current: PartnerRow, tx: Executor) => Promise<Partial<PartnerRow>>,
): Promise<Partner> {
  const categories = await loadSalesCategoryRefs(db);
  const present = (row: PartnerRow) => presentPartner(row, categories);
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: 'partner',
    id,
    action,
    notFound: 'No partner with this id.',
    lock: lockPartner,
    apply: async (tx, current) => updatePartnerRow(tx, id, { ...(await change(current, tx)), updatedBy: actor.userId }),
    audited: present,
  });
  return present(row);
}

export function updatePartner(db: Database, actor: Actor, id: string, input: Partial<ValidPartner>): Promise<Partner> {
  return changePartner(db, actor, id, 'update', async (current, tx) => {
    const category = input.defaultSalesCategoryId;
    if (category && category !== current.defaultSalesCategoryId) await assertActiveCategory(tx, category);
    const name = input.name ?? current.name;
    const region = input.region ?? current.region;
    if (input.name !== undefined || input.region !== undefined) await assertUnique(tx, name, region, id);
    return input;
  });
}

export function setPartnerActive(db: Database, actor: Actor, id: string, active: boolean): Promise<Partner> {
  return changePartner(db, actor, id, active ? 'reactivate' : 'deactivate', async (current) => {
    assertActiveChanges('partner', current.active, active);
    return { active };
  });
}

const PREVIEW_ROWS = 20;

/** The columns an import reads, and the preview's columns with their labels (the CSV headers). */
const IMPORT_COLUMNS = [...PARTNER_CSV_COLUMNS, PARTNER_CSV_ACTIVE_COLUMN];
type ImportField = (typeof IMPORT_COLUMNS)[number]['field'];

/**
 * CSV import: validates every row (format, duplicates in the file and in the database); a dry
 * run reports only; otherwise every valid row is written in one transaction, or none.
 */
export async function importPartners(
  db: Database,
  actor: Actor,
  csv: string,
  dryRun: boolean,
): Promise<CsvImportResult> {
  const validated = validateCsv(csv, IMPORT_COLUMNS, partnerCsvRowSchema);
  const rowErrors: CsvRowError[] = [...validated.errors];
  const key = (p: { name: string; region: string }) => `${p.name.toLowerCase()}\u0000${p.region}`;

  const existing = new Set(
    (await findPartnersByNames(db, [...new Set(validated.rows.map((r) => r.value.name.toLowerCase()))])).map(key),
  );
  const categories = await loadSalesCategoryRefs(db);
  const activeByCode = new Map([...categories.values()].filter((c) => c.active).map((c) => [c.code, c]));
  const seen = new Map<string, number>();
  const valid: { line: number; value: ValidCsvPartner }[] = [];
  for (const row of validated.rows) {
    const k = key(row.value);
    const firstLine = seen.get(k);
    const code = row.value.defaultSalesCategory;
    if (code !== null && !activeByCode.has(code)) {
      rowErrors.push({
        line: row.line,
        field: 'defaultSalesCategory',
        message: `No active sales category has the code ${code}.`,
      });
    } else if (existing.has(k)) {
      rowErrors.push({ line: row.line, field: 'name', message: duplicateMessage(row.value.name, row.value.region) });
    } else if (firstLine !== undefined) {
      rowErrors.push({ line: row.line, field: 'name', message: `Same name and region as line ${firstLine}.` });
    } else {
      seen.set(k, row.line);
      valid.push(row);
    }
  }
  rowErrors.sort((a, b) => a.line - b.line);

  let imported = 0;
  if (!dryRun && valid.length > 0) {
    imported = await db.transaction(async (tx) => {
      let count = 0;
      for (let i = 0; i < valid.length; i += 500) {
        const rows = await insertPartners(
          tx,
          valid.slice(i, i + 500).map(({ value: { defaultSalesCategory, ...fields } }) =>
            rowValues(
              {
                ...fields,
                defaultSalesCategoryId: defaultSalesCategory
                  ? (activeByCode.get(defaultSalesCategory)?.id ?? null)
                  : null,
              },
              actor,
            ),
          ),
        );
        await insertAudits(
          tx,
          rows.map((row) => ({
            actorId: actor.userId,
            action: 'import',
            recordType: 'partner',
            recordId: row.id,
            after: presentPartner(row, categories),
          })),
        );
        count += rows.length;
      }
      return count;
    });
  }
  return {
    dryRun,
    totalRows: validated.totalRows,
    validRows: valid.length,
    imported,
    errors: rowErrors,
    columns: IMPORT_COLUMNS.map(({ field, header }) => ({ field, header })),
    preview: valid.slice(0, PREVIEW_ROWS).map((r): Record<ImportField, string | null> => ({
      name: r.value.name,
      type: r.value.type,
      contactPerson: r.value.contactPerson,
      phone: r.value.phone,
      email: r.value.email,
      region: r.value.region,
      address: r.value.address,
      notes: r.value.notes,
      defaultSalesCategory: r.value.defaultSalesCategory,
      active: r.value.active ? 'yes' : 'no',
    })),
  };
}
