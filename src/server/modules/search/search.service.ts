/**
 * The global search (issue 23): a stove ID, a stove transfer, stove report, sales order, kit
 * transfer or inventory document by its number, a partner or a user by the start of the name. Each
 * kind only for a viewer holding the permission of the screen that shows it, and with the factory
 * scope of that screen's list. Exact numbers and codes come first.
 */
import { dayLabel } from '../../../common/calendar-days';
import { ckdTransferNumberLabel, parseCkdTransferNumber } from '../../../common/contracts/ckd';
import { inventoryEntryNumberLabel, parseInventoryEntryNumber } from '../../../common/contracts/inventory';
import {
  parseStoveReportNumber,
  STOVE_REPORT_STATUS_LABELS,
  stoveReportNumberLabel,
} from '../../../common/contracts/production';
import {
  parseSalesOrderNumber,
  SALES_ORDER_STATUS_LABELS,
  salesOrderNumberLabel,
} from '../../../common/contracts/sales-orders';
import { SEARCH_HITS_MAX, type SearchHit, type SearchResponse } from '../../../common/contracts/search';
import {
  parseTransferNumber,
  STOVE_ID_STATUS_LABELS,
  STOVE_TRANSFER_STATUS_LABELS,
  transferNumberLabel,
} from '../../../common/contracts/stove-ids';
import { counted } from '../../../common/counted';
import type { Permission } from '../../../common/permissions';
import { normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { NO_FACTORY } from '../../auth/scope';
import type { Database } from '../../db/client';
import {
  findInventoryEntryByNumber,
  findKitTransferByNumber,
  findPartnersByNamePrefix,
  findSalesOrderByNumber,
  findStoveIdsByPrefix,
  findStoveReportByNumber,
  findStoveTransferByNumber,
  findUsersByNamePrefix,
  type InventoryEntryHitRow,
} from './search.repository';

/** Most hits of one kind found by the start of a code or name. */
const PREFIX_HITS = 5;
/** A stove ID code, or the start of one long enough to be worth a look. */
const CODE_START = /^[A-Z0-9-]{3,32}$/;
/** Names are looked up from their second letter on. */
const NAME_START_MIN = 2;

const line = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

/** The factory a factory-scoped actor's lists are limited to (none: matches nothing); undefined for a global one. */
function scopeOf(actor: Actor): string | undefined {
  return actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY);
}

function holds(actor: Actor, ...permissions: Permission[]): boolean {
  return permissions.some((p) => actor.permissions.has(p));
}

/** The page that opens an inventory entry: the tab of its kind, its dialog open (`?entry=`). */
function inventoryEntryPath(entry: InventoryEntryHitRow): string {
  const tab = entry.kind === 'input' ? 'input' : entry.kind === 'removal' ? 'remove' : 'transfer-history';
  return `/inventory/${tab}?entry=${encodeURIComponent(entry.id)}`;
}

/** The letters typed before a number ("IT" of "it-12"), upper-cased; null for a bare number. */
function typedPrefix(q: string): string | null {
  return /^([a-z]+)/i.exec(q)?.[1]?.toUpperCase() ?? null;
}

/** The documents whose number the search reads as, each kind the actor may see. */
async function documentHits(db: Database, actor: Actor, q: string): Promise<SearchHit[]> {
  const scope = scopeOf(actor);
  const lookups: Promise<SearchHit[]>[] = [];

  const transfer = holds(actor, 'stove-id-management') ? parseTransferNumber(q) : null;
  if (transfer !== null) {
    lookups.push(
      findStoveTransferByNumber(db, transfer, scope).then((rows) =>
        rows.map((t) => ({
          kind: 'stove-transfer',
          title: transferNumberLabel(t.number),
          subtitle: line(
            `${t.fromName} → ${t.toName}`,
            STOVE_TRANSFER_STATUS_LABELS[t.status],
            counted(t.idCount, 'stove ID'),
          ),
          path: `/stove-id/transfer-history/${encodeURIComponent(t.id)}`,
        })),
      ),
    );
  }

  const report = holds(actor, 'production-management') ? parseStoveReportNumber(q) : null;
  if (report !== null) {
    lookups.push(
      findStoveReportByNumber(db, report, scope).then((rows) =>
        rows.map((r) => ({
          kind: 'stove-report',
          title: stoveReportNumberLabel(r.number),
          subtitle: line(
            r.factoryName,
            dayLabel(r.date),
            `${counted(r.stoveCount, 'stove')} of ${r.categoryName}`,
            r.status === 'voided' && STOVE_REPORT_STATUS_LABELS[r.status],
          ),
          path: `/production/stove-reports/${encodeURIComponent(r.id)}`,
        })),
      ),
    );
  }

  const order = holds(actor, 'sales-order', 'sales-management') ? parseSalesOrderNumber(q) : null;
  if (order !== null) {
    lookups.push(
      findSalesOrderByNumber(db, order, scope).then((rows) =>
        rows.map((o) => ({
          kind: 'sales-order',
          title: salesOrderNumberLabel(o.number),
          subtitle: line(
            o.customerName,
            o.factoryName,
            dayLabel(o.date),
            o.status !== 'completed' && SALES_ORDER_STATUS_LABELS[o.status],
          ),
          path: `/sales/sales-order/${encodeURIComponent(o.id)}`,
        })),
      ),
    );
  }

  const kits = holds(actor, 'ckd-management') ? parseCkdTransferNumber(q) : null;
  if (kits !== null) {
    lookups.push(
      findKitTransferByNumber(db, kits, scope).then((rows) =>
        rows.map((t) => {
          const number = ckdTransferNumberLabel(t.number);
          return {
            kind: 'kit-transfer',
            title: number,
            subtitle: line(`${t.fromName} → ${t.toName}`, dayLabel(t.date), counted(t.quantity, 'kit')),
            path: `/ckd/transfer?q=${encodeURIComponent(number)}`,
          };
        }),
      ),
    );
  }

  const entry = holds(actor, 'inventory-management') ? parseInventoryEntryNumber(q) : null;
  if (entry !== null) {
    const prefix = typedPrefix(q);
    lookups.push(
      findInventoryEntryByNumber(db, entry, scope).then((rows) =>
        rows
          .map((e) => ({ e, number: inventoryEntryNumberLabel(e.kind, e.number) }))
          // "IN-12" finds input 12, not removal 12 (the three kinds share one sequence of numbers).
          .filter(({ number }) => prefix === null || number.startsWith(`${prefix}-`))
          .map(({ e, number }) => ({
            kind: 'inventory-document',
            title: number,
            subtitle: line(
              e.kind === 'transfer'
                ? `Transfer ${e.factoryName} → ${e.toFactoryName ?? ''}`
                : `${e.kind === 'input' ? 'Input at' : 'Removal at'} ${e.factoryName}`,
              dayLabel(e.date),
            ),
            path: inventoryEntryPath(e),
          })),
      ),
    );
  }

  return (await Promise.all(lookups)).flat();
}

/** Stove IDs whose code is the search or starts with it. */
async function stoveIdHits(db: Database, actor: Actor, q: string): Promise<SearchHit[]> {
  const code = normalizeCode(q);
  if (!holds(actor, 'stove-id-management') || !CODE_START.test(code)) return [];
  const rows = await findStoveIdsByPrefix(db, code, scopeOf(actor), PREFIX_HITS);
  return rows.map((s) => ({
    kind: 'stove-id',
    title: s.code,
    subtitle: line(STOVE_ID_STATUS_LABELS[s.status], s.factoryName),
    path: `/stove-id/management/${encodeURIComponent(s.code)}`,
  }));
}

async function partnerHits(db: Database, actor: Actor, q: string): Promise<SearchHit[]> {
  if (!holds(actor, 'customer-management') || q.length < NAME_START_MIN) return [];
  const rows = await findPartnersByNamePrefix(db, q, PREFIX_HITS);
  return rows.map((p) => ({
    kind: 'partner',
    title: p.name,
    subtitle: line(p.region || null, p.contactPerson, !p.active && 'Deactivated'),
    path: `/customers?q=${encodeURIComponent(p.name)}`,
  }));
}

async function userHits(db: Database, actor: Actor, q: string): Promise<SearchHit[]> {
  if (!holds(actor, 'user-management') || q.length < NAME_START_MIN) return [];
  const rows = await findUsersByNamePrefix(db, q, PREFIX_HITS);
  return rows.map((u) => ({
    kind: 'user',
    title: u.name,
    subtitle: line(u.email, u.factoryName, !u.active && 'Deactivated'),
    path: `/users?q=${encodeURIComponent(u.email)}`,
  }));
}

/** GET /api/search: exact numbers and codes first, then codes and names that start with the search. */
export async function search(db: Database, actor: Actor, rawQ: string): Promise<SearchResponse> {
  const q = rawQ.trim();
  const [documents, stoveIds, partners, users] = await Promise.all([
    documentHits(db, actor, q),
    stoveIdHits(db, actor, q),
    partnerHits(db, actor, q),
    userHits(db, actor, q),
  ]);
  const code = normalizeCode(q);
  const exactIds = stoveIds.filter((s) => s.title === code);
  const otherIds = stoveIds.filter((s) => s.title !== code);
  const hits = [...exactIds, ...documents, ...otherIds, ...partners, ...users];
  return { hits: hits.slice(0, SEARCH_HITS_MAX) };
}
