/**
 * uniqueFields without a database: which fields a 409 names and with which spelling, the message
 * of several fields, and which write errors become the same 409 (a unique index of these fields
 * that a concurrent write won) or stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import type { Executor } from '../../db/client';
import type { UniqueColumns, UniqueValues } from './master-data.repository';
import { uniqueFields } from './master-data';

type Field = 'name' | 'code';

/** Unique columns whose other records hold `held`; `asked` records what each lookup was asked. */
function columnsHolding(held: Partial<Record<Field, string>>) {
  const asked: { values: UniqueValues<Field>; exceptId: string | undefined }[] = [];
  const columns: UniqueColumns<Field> = {
    indexes: { name: 'widgets_name_key', code: 'widgets_code_key' },
    findHeld: (_db, values, exceptId) => {
      asked.push({ values, exceptId });
      return Promise.resolve(
        Object.fromEntries(Object.entries(held).filter(([field]) => values[field as Field] !== undefined)),
      );
    },
  };
  return { columns, asked };
}

const widgets = (held: Partial<Record<Field, string>>) => {
  const { columns, asked } = columnsHolding(held);
  const unique = uniqueFields(columns, {
    name: ({ held }) => `A widget named "${held}" already exists.`,
    code: ({ asked }) => `The code ${asked} is taken.`,
  });
  return { unique, asked };
};

const db = {} as Executor;

/** A write refused by a unique index, as drizzle wraps the driver's error. */
const uniqueViolation = (constraint: string) =>
  Object.assign(new Error('insert failed'), { cause: { code: '23505', constraint } });

async function conflictOf(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('uniqueFields: assertFree', () => {
  it('passes when no other record holds a value, asking for the values and the record left out', async () => {
    const { unique, asked } = widgets({});
    await unique.assertFree(db, { name: 'Retail', code: 'RET' }, 'own-id');
    expect(asked).toEqual([{ values: { name: 'Retail', code: 'RET' }, exceptId: 'own-id' }]);
  });

  it('is a 409 naming each field held, in the order of the messages, with the spelling each message takes', async () => {
    const { unique } = widgets({ code: 'RET', name: 'Retail' });
    const error = await conflictOf(unique.assertFree(db, { code: 'RET', name: 'RETAIL' }));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('A widget named "Retail" already exists. The code RET is taken.');
    expect(error.details).toEqual({
      fieldErrors: { name: ['A widget named "Retail" already exists.'], code: ['The code RET is taken.'] },
    });
  });

  it('names only the field held', async () => {
    const { unique } = widgets({ code: 'RET' });
    const error = await conflictOf(unique.assertFree(db, { name: 'Other', code: 'RET' }));
    expect(error.message).toBe('The code RET is taken.');
    expect(error.details).toEqual({ fieldErrors: { code: ['The code RET is taken.'] } });
  });

  it('does not check a field left out of a change', async () => {
    const { unique, asked } = widgets({ name: 'Retail' });
    await unique.assertFree(db, { code: 'NEW' });
    expect(asked).toEqual([{ values: { code: 'NEW' }, exceptId: undefined }]);
  });
});

describe('uniqueFields: guard', () => {
  it('answers what the write answers', async () => {
    const { unique } = widgets({});
    expect(await unique.guard({ name: 'Retail' }, () => Promise.resolve('written'))).toBe('written');
  });

  it('turns the unique index of a field the write sets into the same 409, spelled as asked', async () => {
    const { unique } = widgets({});
    const byName = await conflictOf(
      unique.guard({ name: 'retail', code: 'RET' }, () => Promise.reject(uniqueViolation('widgets_name_key'))),
    );
    expect(byName.statusCode).toBe(409);
    expect(byName.details).toEqual({ fieldErrors: { name: ['A widget named "retail" already exists.'] } });
    const byCode = await conflictOf(
      unique.guard({ name: 'retail', code: 'RET' }, () => Promise.reject(uniqueViolation('widgets_code_key'))),
    );
    expect(byCode.message).toBe('The code RET is taken.');
  });

  it('rethrows any other error as it is: another index, a field the write does not set, or no unique violation', async () => {
    const { unique } = widgets({});
    const other = uniqueViolation('widgets_pkey');
    await expect(unique.guard({ name: 'x' }, () => Promise.reject(other))).rejects.toBe(other);
    const unset = uniqueViolation('widgets_code_key');
    await expect(unique.guard({ name: 'x' }, () => Promise.reject(unset))).rejects.toBe(unset);
    const plain = new Error('connection lost');
    await expect(unique.guard({ name: 'x' }, () => Promise.reject(plain))).rejects.toBe(plain);
  });
});
