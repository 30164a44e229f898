/**
 * Stove ID batches (DOMAIN.md §4 "Stove IDs"): generating a range of codes and importing a list,
 * each all or nothing (a code exists once, ever), set-based, audited once; the batch list.
 */
import type { z } from 'zod';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  createStoveBatchSchema,
  ImportPreview,
  ListStoveBatchesQuery,
  NextBatchNumber,
  nextBatchNumberQuerySchema,
  StoveBatch,
} from '../../../common/contracts/stove-ids';
import { normalizeCode, STOVE_CODE_PATTERN, stoveCode } from '../../../common/stove-codes';
import { ERROR_CODES } from '../../../common/contracts/errors';
import type { Actor } from '../../auth/actor';
import { actingFactory, inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { violatedUniqueIndex } from '../../db/database-errors';
import { AppError, errors, type ItemProblem } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import {
  BATCH_SORT_VALUES,
  countBatches,
  findBatch,
  findExistingCodes,
  findExistingGeneratedCodes,
  findFactory,
  highestGeneratedCode,
  insertBatch,
  insertGeneratedIds,
  insertImportedIds,
  listBatchRows,
  type GeneratedRange,
  type StoveBatchRow,
} from './stove-id-batches.repository';

type NewBatchInput = z.output<typeof createStoveBatchSchema>;

export function presentBatch(row: StoveBatchRow): StoveBatch {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    prefix: row.prefix,
    firstNumber: row.firstNumber,
    width: row.width,
    count: row.count,
    firstCode: row.firstCode,
    lastCode: row.lastCode,
    note: row.note,
    createdAt: row.createdAt,
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

export async function listBatches(
  db: Database,
  actor: Actor,
  query: ListStoveBatchesQuery,
): Promise<ListResponse<StoveBatch>> {
  const f = { ...query, factoryId: scopedFactoryFilter(actor, query.factoryId) };
  const [rows, count] = await Promise.all([
    listBatchRows(db, f, decodeCursor(query.cursor), query.limit + 1),
    countBatches(db, f),
  ]);
  const page = toPage(rows, query.limit, BATCH_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentBatch), nextCursor: page.nextCursor, ...count };
}

const batchNotFound = () => errors.notFound('No stove ID batch with this id.');

export async function getBatch(db: Database, actor: Actor, id: string): Promise<StoveBatch> {
  const row = await findBatch(db, id);
  if (!row || !inScope(actor, row.factoryId)) throw batchNotFound();
  return presentBatch(row);
}

/** The factory a batch is made at: the actor's own unless global (403), existing and active (400). */
async function batchFactory(db: Executor, actor: Actor, requested: string) {
  const factoryId = actingFactory(actor, requested);
  const factory = await findFactory(db, factoryId);
  if (!factory) throw errors.validation('No factory with this id.', { factoryId: ['Choose a factory'] });
  if (!factory.active) {
    const message = `${factory.name} is deactivated: stove IDs cannot be added to it.`;
    throw errors.validation(message, { factoryId: [message] });
  }
  return factory;
}

/** Most existing codes a refusal lists (the message gives the full count). */
const PROBLEMS_LISTED = 100;

function alreadyExist(found: { codes: string[]; total: number }, asked: number): AppError {
  const n = found.total;
  const listed = n > found.codes.length ? ` (the first ${found.codes.length} are listed)` : '';
  return errors.itemProblems(
    `${n.toLocaleString('en-US')} of the ${asked.toLocaleString('en-US')} codes already exist${listed}; nothing was created.`,
    found.codes.map((code) => ({ code, reason: 'Already exists' })),
  );
}

// ---------------------------------------------------------------------------------------------
// Generation

export interface BatchPlan {
  factoryId: string;
  range: GeneratedRange;
  count: number;
  firstCode: string;
  lastCode: string;
  note: string | null;
}

/**
 * GET /api/stove-id-batches/next-number: where a new batch of a prefix and width can start: after
 * the highest code there is (codes are unique across factories, so every factory's count).
 */
export async function nextBatchNumber(
  db: Database,
  query: z.output<typeof nextBatchNumberQuerySchema>,
): Promise<NextBatchNumber> {
  const { prefix, width } = query;
  const highest = await highestGeneratedCode(db, prefix, width);
  const next = highest ? highest.number + 1 : 1;
  return { prefix, width, highestCode: highest?.code ?? null, nextNumber: next < 10 ** width ? next : null };
}

/**
 * Checks a generation request before anything is written: the factory (scope, exists, active)
 * and that none of its codes exists yet (one index range scan). Throws the 4xx to answer.
 */
export async function planBatch(db: Database, actor: Actor, input: NewBatchInput): Promise<BatchPlan> {
  const factory = await batchFactory(db, actor, input.factoryId);
  const range = {
    prefix: input.prefix,
    width: input.width,
    firstNumber: input.firstNumber,
    lastNumber: input.firstNumber + input.count - 1,
  };
  const existing = await findExistingGeneratedCodes(db, range, PROBLEMS_LISTED);
  if (existing.total > 0) throw alreadyExist(existing, input.count);
  return {
    factoryId: factory.id,
    range,
    count: input.count,
    firstCode: stoveCode(range.prefix, range.firstNumber, range.width),
    lastCode: stoveCode(range.prefix, range.lastNumber, range.width),
    note: input.note,
  };
}

/** The unique index of stove codes: a code exists once, ever. */
const CODE_UNIQUE_INDEX = 'stove_ids_code_key';

/** Chunks of a large batch, so progress can be reported between them (one transaction). */
const CHUNKS = 10;
const CHUNKED_FROM = 10_000;

/**
 * Writes a planned batch in one transaction: the batch row, the IDs and their 'created' events
 * (set-based, in up to ten chunks, `onProgress` after each), one audit row. A code created
 * meanwhile by someone else fails the whole batch (409 listing the codes) and nothing is kept.
 */
export async function writeBatch(
  db: Database,
  actor: Actor,
  plan: BatchPlan,
  onProgress?: (fraction: number) => void,
): Promise<StoveBatch> {
  const write = db.transaction(async (tx) => {
    const { id: batchId } = await insertBatch(tx, {
      kind: 'generated',
      factoryId: plan.factoryId,
      prefix: plan.range.prefix,
      firstNumber: plan.range.firstNumber,
      width: plan.range.width,
      count: plan.count,
      firstCode: plan.firstCode,
      lastCode: plan.lastCode,
      note: plan.note,
      actorId: actor.userId,
    });
    const ids = { batchId, factoryId: plan.factoryId, actorId: actor.userId };
    const chunks = plan.count >= CHUNKED_FROM ? CHUNKS : 1;
    const size = Math.ceil(plan.count / chunks);
    let done = 0;
    for (let from = plan.range.firstNumber; from <= plan.range.lastNumber; from += size) {
      const to = Math.min(from + size - 1, plan.range.lastNumber);
      done += await insertGeneratedIds(tx, ids, plan.range, from, to);
      if (onProgress) {
        onProgress(done / plan.count);
        // Let the progress line leave now, before the next chunk's statement is sent: a busy
        // transaction's awaits need not reach the event loop's I/O phase on their own.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return finishBatch(tx, actor, batchId, 'create');
  });
  return lostRace(write, () => findExistingGeneratedCodes(db, plan.range, PROBLEMS_LISTED), plan.count);
}

/**
 * `write`, or, when a concurrent batch or import created one of its codes after the check (a
 * unique violation: the whole transaction rolled back), the 409 listing the codes taken.
 */
async function lostRace<T>(
  write: Promise<T>,
  taken: () => Promise<{ codes: string[]; total: number }>,
  asked: number,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violatedUniqueIndex(error) !== CODE_UNIQUE_INDEX) throw error;
    throw alreadyExist(await taken(), asked);
  }
}

async function finishBatch(tx: Executor, actor: Actor, batchId: string, action: string): Promise<StoveBatch> {
  const row = await findBatch(tx, batchId);
  if (!row) throw new Error('the new batch was not found');
  const batch = presentBatch(row);
  await insertAudit(tx, {
    actorId: actor.userId,
    action,
    recordType: 'stove_id_batch',
    recordId: batchId,
    after: batch,
  });
  return batch;
}

// ---------------------------------------------------------------------------------------------
// Import

interface ImportInput {
  factoryId: string;
  codes: string[];
  note: string | null;
}

interface ImportAnalysis {
  /** The codes, normalized, blanks left out, in list order. */
  codes: string[];
  problems: ItemProblem[];
  /** Whether any problem is in the list itself (malformed or repeated), not in the registry. */
  badInput: boolean;
}

/** Each code's problems: malformed, repeated in the list, or already existing (one query). */
async function analyseImport(db: Executor, rawCodes: readonly string[]): Promise<ImportAnalysis> {
  const codes = rawCodes.map(normalizeCode).filter((c) => c.length > 0);
  const firstLine = new Map<string, number>();
  const problems: { index: number; problem: ItemProblem }[] = [];
  const wellFormed: string[] = [];
  codes.forEach((code, index) => {
    if (!STOVE_CODE_PATTERN.test(code)) {
      problems.push({ index, problem: { code, reason: 'Not a stove ID: 4-32 characters of A-Z, 0-9 and -' } });
      return;
    }
    const first = firstLine.get(code);
    if (first !== undefined) {
      problems.push({ index, problem: { code, reason: `Duplicate in the list (first on line ${first + 1})` } });
      return;
    }
    firstLine.set(code, index);
    wellFormed.push(code);
  });
  const badInput = problems.length > 0;
  for (const code of await findExistingCodes(db, wellFormed)) {
    problems.push({ index: firstLine.get(code) ?? 0, problem: { code, reason: 'Already exists' } });
  }
  problems.sort((a, b) => a.index - b.index);
  return { codes, problems: problems.map((p) => p.problem), badInput };
}

const noCodes = () => errors.validation('Add at least one stove ID.', { codes: ['Add at least one stove ID'] });

/** What an import would do: the codes' count, how many can be created, each problem. Writes nothing. */
export async function previewImport(db: Database, actor: Actor, input: ImportInput): Promise<ImportPreview> {
  await batchFactory(db, actor, input.factoryId);
  const analysis = await analyseImport(db, input.codes);
  if (analysis.codes.length === 0) throw noCodes();
  return {
    total: analysis.codes.length,
    valid: analysis.codes.length - analysis.problems.length,
    problems: analysis.problems,
  };
}

/**
 * Imports a list of codes as one 'imported' batch, all or nothing: refused when any code is
 * malformed or repeated (400) or already exists (409), each listed with its reason.
 */
export async function importStoveIds(db: Database, actor: Actor, input: ImportInput): Promise<StoveBatch> {
  const factory = await batchFactory(db, actor, input.factoryId);
  const { codes, problems, badInput } = await analyseImport(db, input.codes);
  if (codes.length === 0) throw noCodes();
  if (problems.length > 0) {
    const message = `${problems.length.toLocaleString('en-US')} of the ${codes.length.toLocaleString('en-US')} codes cannot be imported; nothing was created.`;
    throw badInput
      ? new AppError(400, ERROR_CODES.validation, message, { problems })
      : errors.itemProblems(message, problems);
  }
  const firstCode = codes[0] ?? '';
  const lastCode = codes[codes.length - 1] ?? '';
  const write = db.transaction(async (tx) => {
    const { id: batchId } = await insertBatch(tx, {
      kind: 'imported',
      factoryId: factory.id,
      prefix: null,
      firstNumber: null,
      width: null,
      count: codes.length,
      firstCode,
      lastCode,
      note: input.note,
      actorId: actor.userId,
    });
    await insertImportedIds(tx, { batchId, factoryId: factory.id, actorId: actor.userId }, codes);
    return finishBatch(tx, actor, batchId, 'import');
  });
  const taken = async () => {
    const codesTaken = await findExistingCodes(db, codes);
    return { codes: codesTaken.slice(0, PROBLEMS_LISTED), total: codesTaken.length };
  };
  return lostRace(write, taken, codes.length);
}
