/**
 * Whether the codes of a list may go on a document at a factory (a stove report couples IDs in
 * stock, a sales order sells validated ones): each code's verdict in the order given, built on
 * Validate Stove IDs' verdict, with the document's own pass and reasons. The live check (while
 * scanning) and the saving transaction judge with the same rules; only where the IDs are read from
 * differs (a plain read, or the IDs locked FOR UPDATE).
 */
import { counted } from '../../../common/counted';
import type { StoveIdStatus, ValidationVerdict } from '../../../common/contracts/stove-ids';
import { distinctWellFormedCodes, normalizeCode, STOVE_CODE_PATTERN } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { actingFactory } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { errors, type ItemProblem } from '../../http/errors';
import { findFactories, type FactoryRow } from '../stove-transfers/stove-transfers.repository';
import { findKnownCodes } from '../stove-validation/stove-validation.repository';
import { verdictOf } from '../stove-validation/stove-validation.service';
import { lockStoveIdsByCodes, type LockedStoveId } from './stove-id-status.repository';

/** A known ID as a verdict needs it; `factoryCode` only when the caller may see that factory. */
interface KnownId {
  status: StoveIdStatus;
  factoryId: string;
  factoryCode: string | null;
}

/** One code's eligibility: its verdict, its status when known (and visible), and why it is refused. */
export interface Assessment<V extends string> {
  code: string;
  verdict: V;
  status: StoveIdStatus | null;
  /** null when it passes. */
  reason: string | null;
}

/**
 * A document's rules: its verdict ('ok' passes) from Validate Stove IDs' one (a repeat in the list
 * is 'duplicate'), and the reason of each refusal but "at another factory" (named here when visible).
 */
export interface EligibilityRules<V extends string> {
  verdict: (validation: ValidationVerdict) => V | 'ok';
  reasons: Record<Exclude<V, 'ok' | 'wrong_factory'>, string>;
  /** What the document does to an ID, as its refusal says it: "Nothing was sold: … cannot be sold." */
  done: string;
}

/**
 * Each code's eligibility at `factoryId`, in the order given: malformed, repeated, unknown (or a
 * wrong check digit), at another factory, or in a status the document does not take.
 */
function assessCodes<V extends string>(
  rules: EligibilityRules<V>,
  rawCodes: readonly string[],
  found: ReadonlyMap<string, KnownId>,
  factoryId: string,
): Assessment<V | 'ok'>[] {
  const seen = new Set<string>();
  return rawCodes.map((raw) => {
    const code = normalizeCode(raw);
    const wellFormed = STOVE_CODE_PATTERN.test(code);
    const known = wellFormed ? found.get(code) : undefined;
    const repeat = wellFormed && seen.has(code);
    seen.add(code);
    const verdict = rules.verdict(repeat ? 'duplicate' : verdictOf(code, known, factoryId));
    const status = known && (known.factoryId === factoryId || known.factoryCode !== null) ? known.status : null;
    const reason =
      verdict === 'ok'
        ? null
        : verdict === 'wrong_factory'
          ? known?.factoryCode
            ? `At another factory (${known.factoryCode})`
            : 'At another factory'
          : rules.reasons[verdict as Exclude<V, 'ok' | 'wrong_factory'>];
    return { code, verdict, status: repeat ? null : status, reason };
  });
}

/** The factory a document is for: in the actor's scope (403), existing (400). */
export async function resolveDocumentFactory(db: Executor, actor: Actor, requested: string): Promise<FactoryRow> {
  const id = actingFactory(actor, requested);
  const factory = (await findFactories(db, [id])).get(id);
  if (!factory) throw errors.validation('The factory does not exist.', { factoryId: ['The factory does not exist.'] });
  return factory;
}

/**
 * The known IDs among `codes` (well-formed, distinct), read without locking, for the live check; a
 * factory-scoped caller is told the factory of an ID only when it is theirs (the document's).
 */
async function readKnownIds(
  db: Executor,
  actor: Actor,
  codes: readonly string[],
  factoryId: string,
): Promise<Map<string, KnownId>> {
  const found = new Map<string, KnownId>();
  for (const group of await findKnownCodes(db, codes)) {
    const known = {
      status: group.status,
      factoryId: group.factory.id,
      factoryCode: actor.isGlobal || group.factory.id === factoryId ? group.factory.code : null,
    };
    for (const code of group.codes) found.set(code, known);
  }
  return found;
}

/** Locked IDs as a verdict needs them; with `namingFactories`, each with its factory's code. */
async function lockedKnownIds(
  db: Executor,
  locked: readonly { code: string; status: StoveIdStatus; factoryId: string }[],
  namingFactories: boolean,
): Promise<Map<string, KnownId>> {
  const codes = namingFactories ? await findFactories(db, [...new Set(locked.map((l) => l.factoryId))]) : null;
  return new Map(
    locked.map((l) => [
      l.code,
      { status: l.status, factoryId: l.factoryId, factoryCode: codes?.get(l.factoryId)?.code ?? null },
    ]),
  );
}

/** POST …/check of a document: each code's eligibility at the factory, and how many pass; changes nothing. */
export async function checkCodes<V extends string>(
  db: Executor,
  actor: Actor,
  rules: EligibilityRules<V>,
  codes: readonly string[],
  factoryId: string,
): Promise<{ items: Assessment<V | 'ok'>[]; ok: number; problems: number }> {
  const found = await readKnownIds(db, actor, distinctWellFormedCodes(codes), factoryId);
  const items = assessCodes(rules, codes, found, factoryId);
  const ok = items.filter((i) => i.verdict === 'ok').length;
  return { items, ok, problems: items.length - ok };
}

/**
 * Saving a document: the codes' IDs locked FOR UPDATE (in id order) when every one may go on it;
 * else a 409 naming each refused code with its reason, and nothing is written. A global user is
 * told where an ID at another factory is.
 */
export async function lockEligibleIds<V extends string>(
  tx: Executor,
  actor: Actor,
  rules: EligibilityRules<V>,
  codes: readonly string[],
  factoryId: string,
): Promise<LockedStoveId[]> {
  const locked = await lockStoveIdsByCodes(tx, distinctWellFormedCodes(codes));
  const refused = (found: ReadonlyMap<string, KnownId>) =>
    assessCodes(rules, codes, found, factoryId).filter((a) => a.verdict !== 'ok');
  let problems = refused(await lockedKnownIds(tx, locked, false));
  if (problems.length > 0) {
    if (actor.isGlobal) problems = refused(await lockedKnownIds(tx, locked, true));
    throw errors.itemProblems(
      `Nothing was ${rules.done}: ${problems.length.toLocaleString('en-US')} of ${counted(codes.length, 'stove ID')} cannot be ${rules.done}.`,
      problems.map((p): ItemProblem => ({ code: p.code, reason: p.reason ?? `Cannot be ${rules.done}` })),
    );
  }
  return locked;
}
