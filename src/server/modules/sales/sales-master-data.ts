/**
 * What sales categories and sales packages share: a name unique in any case and a unique code
 * (409 on the field, also when a concurrent write won the race on the unique index), and deleting
 * a record no price refers to yet (deleteAudited; 409 while prices refer to it).
 */
import type { Database, Executor } from '../../db/client';
import { counted } from '../../../common/counted';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { errors, type AppError, type FieldErrors } from '../../http/errors';
import { deleteAudited, type AuditedDelete } from '../audit/audited-change';
import { findNameCodeClash, type Clash, type NameAndCode } from './sales-master-data.repository';

/** The record kind ("sales category"), its table and the unique indexes of its name and code. */
export interface UniqueRules {
  noun: string;
  table: 'sales_categories' | 'sales_packages';
  nameIndex: string;
  codeIndex: string;
}

function clashError(rules: UniqueRules, clash: Clash, values: NameAndCode): AppError {
  const fieldErrors: FieldErrors = {};
  if (clash.name && values.name)
    fieldErrors.name = [`A ${rules.noun} named "${values.name}" already exists. Choose another name.`];
  if (clash.code && values.code)
    fieldErrors.code = [`The code ${values.code} is already used by another ${rules.noun}. Choose another code.`];
  return errors.conflict(Object.values(fieldErrors).flat().join(' '), fieldErrors);
}

/** 409 on the name and/or code field when another record (than `exceptId`) holds them. */
export async function assertUniqueNameAndCode(
  db: Executor,
  rules: UniqueRules,
  values: NameAndCode,
  exceptId?: string,
): Promise<void> {
  const clash = await findNameCodeClash(db, rules.table, values, exceptId);
  if (clash.name || clash.code) throw clashError(rules, clash, values);
}

/** Runs a write; a unique index that a concurrent write won becomes the same 409 as the check. */
export async function withUniqueNameAndCode<T>(
  rules: UniqueRules,
  values: NameAndCode,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index !== rules.nameIndex && index !== rules.codeIndex) throw error;
    throw clashError(rules, { name: index === rules.nameIndex, code: index === rules.codeIndex }, values);
  }
}

/**
 * Deletes a category or package no price (nor anything `otherUses` names) refers to, audited (the
 * record locked FOR UPDATE, which a new price's FOR SHARE lock waits for, so none is added
 * meanwhile); 409 while something refers to it.
 */
export function deleteUnpriced<Row extends { name: string }>(
  db: Database,
  del: Omit<AuditedDelete<Row>, 'inUse'> & {
    countPrices: (tx: Executor, id: string) => Promise<number>;
    /** "2 partners that default to it", or null. */
    otherUses?: (tx: Executor, id: string) => Promise<string | null>;
  },
): Promise<void> {
  return deleteAudited(db, {
    ...del,
    inUse: async (tx, current) => {
      const prices = await del.countPrices(tx, del.id);
      const uses = [prices > 0 ? counted(prices, 'price') : null, (await del.otherUses?.(tx, del.id)) ?? null].filter(
        (u): u is string => u !== null,
      );
      return uses.length > 0 ? `${current.name} has ${uses.join(' and ')}: deactivate it instead.` : null;
    },
  });
}
