/**
 * Validate Stove IDs (DOMAIN.md §4 "Stove IDs", validation): a verdict per code of a pasted,
 * scanned or uploaded list, and the approval of the coupled IDs that pass as `validated`, all or
 * nothing. Factory-scoped users validate against their own factory, whatever the request says.
 */
import { sql } from 'drizzle-orm';
import {
  VALIDATION_VERDICTS,
  VALIDATION_VERDICT_LABELS,
  type StoveIdStatus,
  type ValidationResult,
  type ValidationVerdict,
} from '../../../common/contracts/stove-ids';
import { STOVE_CODE_PATTERN, checkDigitOk, normalizeCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors, type ItemProblem } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { changeStoveIdStatuses, lockStoveIdsByCodes } from '../stove-ids/stove-id-status.repository';
import { factoryExists, findKnownCodes, type KnownCodes } from './stove-validation.repository';

type FactoryRef = KnownCodes['factory'];

/** How many codes the approval's audit row names (the count says how many there were). */
const AUDITED_CODES = 20;

interface Target {
  /** The factory the IDs must be at; null = any (a global user who named none). */
  factoryId: string | null;
  /** Whether the caller may see the factory of an ID at another factory. */
  seesAllFactories: boolean;
}

/**
 * The factory a request checks against: a factory-scoped user's own (403 without one); a global
 * user's requested one, which must exist (400 otherwise), or none.
 */
async function targetOf(db: Executor, actor: Actor, requested: string | null | undefined): Promise<Target> {
  if (!actor.isGlobal) {
    if (!actor.factory) throw errors.forbidden('Your account has no factory: ask an administrator to assign one.');
    return { factoryId: actor.factory.id, seesAllFactories: false };
  }
  if (requested && !(await factoryExists(db, requested))) {
    throw errors.validation('No factory with this id.', { factoryId: ['No factory with this id.'] });
  }
  return { factoryId: requested ?? null, seesAllFactories: true };
}

/** A known ID as the verdict needs it. */
interface KnownId {
  status: StoveIdStatus;
  factoryId: string;
}

/**
 * The verdict of one code (already normalized) that is not a repeat in its list: malformed, then
 * the known ID's factory and status, then (unknown) a wrong check digit or plain unknown.
 */
export function verdictOf(code: string, known: KnownId | undefined, targetFactoryId: string | null): ValidationVerdict {
  if (!STOVE_CODE_PATTERN.test(code)) return 'malformed';
  if (known) {
    if (targetFactoryId !== null && known.factoryId !== targetFactoryId) return 'wrong_factory';
    return known.status === 'coupled' ? 'pass' : known.status;
  }
  return checkDigitOk(code) === false ? 'bad_check_digit' : 'unknown';
}

function emptySummary(): Record<ValidationVerdict, number> {
  return Object.fromEntries(VALIDATION_VERDICTS.map((v) => [v, 0])) as Record<ValidationVerdict, number>;
}

/**
 * POST /api/stove-ids/validate: a verdict per code, in the order given, and the count of each
 * verdict. Second and later occurrences of a well-formed code are duplicates. One query for all
 * known codes. Each distinct code is judged once (its index in `distinct`); the list's items then
 * take the verdict and factory code of their distinct code.
 */
export async function validateStoveIds(
  db: Database,
  actor: Actor,
  input: { codes: string[]; factoryId?: string | null | undefined },
): Promise<ValidationResult> {
  const target = await targetOf(db, actor, input.factoryId);
  const codes = input.codes;
  const slotOf = new Map<string, number>();
  const distinct: string[] = [];
  const wellFormed: boolean[] = [];
  /** Per code of the list: the index of its distinct code, negative (-1 - index) for a repeat. */
  const slots = new Int32Array(codes.length);
  const lookup: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    const raw = codes[i] as string;
    // Most codes arrive normalized: one pattern test then says it all.
    const asSent = STOVE_CODE_PATTERN.test(raw);
    const code = asSent ? raw : normalizeCode(raw);
    const seen = slotOf.get(code);
    if (seen !== undefined) {
      slots[i] = -1 - seen;
      continue;
    }
    const slot = distinct.length;
    slotOf.set(code, slot);
    distinct.push(code);
    const ok = asSent || STOVE_CODE_PATTERN.test(code);
    wellFormed.push(ok);
    if (ok) lookup.push(code);
    slots[i] = slot;
  }

  const verdicts = new Array<ValidationVerdict | undefined>(distinct.length).fill(undefined);
  const factoryCodes = new Array<string | null>(distinct.length).fill(null);
  const factories: FactoryRef[] = [];
  for (const group of await findKnownCodes(db, lookup)) {
    const visible = target.seesAllFactories || group.factory.id === target.factoryId;
    if (visible && !factories.some((f) => f.id === group.factory.id)) factories.push(group.factory);
    const verdict = verdictOf(
      group.codes[0] ?? '',
      { status: group.status, factoryId: group.factory.id },
      target.factoryId,
    );
    const factoryCode = visible ? group.factory.code : null;
    for (const code of group.codes) {
      const slot = slotOf.get(code);
      if (slot === undefined) continue;
      verdicts[slot] = verdict;
      factoryCodes[slot] = factoryCode;
    }
  }

  const summary = emptySummary();
  const items: ValidationResult['items'] = [];
  for (let i = 0; i < codes.length; i++) {
    const s = slots[i] as number;
    const slot = s < 0 ? -1 - s : s;
    const code = distinct[slot] as string;
    const verdict: ValidationVerdict =
      s < 0 && wellFormed[slot] === true
        ? 'duplicate'
        : (verdicts[slot] ??= verdictOf(code, undefined, target.factoryId));
    summary[verdict]++;
    items.push({ code, verdict, factoryCode: factoryCodes[slot] ?? null });
  }
  factories.sort((a, b) => a.code.localeCompare(b.code));
  return { items, factories, summary };
}

/**
 * POST /api/stove-ids/approve: in one transaction, locks the IDs, re-checks that each passes now
 * (coupled, at the target factory) and marks them all `validated` with one history event each,
 * or refuses all with each offending code and its verdict. Repeats in the list are ignored.
 */
export async function approveStoveIds(
  db: Database,
  actor: Actor,
  input: { codes: string[]; factoryId?: string | null | undefined },
): Promise<{ approved: number }> {
  const codes = [...new Set(input.codes.map(normalizeCode))];
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, actor, input.factoryId);
    const locked = await lockStoveIdsByCodes(
      tx,
      codes.filter((c) => STOVE_CODE_PATTERN.test(c)),
    );
    const byCode = new Map(locked.map((row) => [row.code, row]));
    const problems: ItemProblem[] = [];
    const ids: number[] = [];
    for (const code of codes) {
      const row = byCode.get(code);
      const verdict = verdictOf(code, row, target.factoryId);
      if (verdict === 'pass' && row) ids.push(row.id);
      else problems.push({ code, reason: VALIDATION_VERDICT_LABELS[verdict] });
    }
    if (problems.length > 0) {
      throw errors.itemProblems(
        problems.length === 1
          ? `${problems[0]?.code ?? 'A stove ID'} cannot be approved: nothing was approved.`
          : `${problems.length.toLocaleString('en-US')} of the ${codes.length.toLocaleString('en-US')} stove IDs cannot be approved: nothing was approved.`,
        problems,
      );
    }
    const approved = await changeStoveIdStatuses(tx, {
      ids,
      kind: 'validated',
      set: sql`status = 'validated'`,
      actorId: actor.userId,
    });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'validate',
      recordType: 'stove_id',
      recordId: codes.length === 1 ? codes[0] : null,
      after: {
        count: approved,
        factoryId: target.factoryId,
        codes: codes.slice(0, AUDITED_CODES),
        ...(codes.length > AUDITED_CODES ? { codesListed: AUDITED_CODES } : {}),
      },
    });
    return { approved };
  });
}
