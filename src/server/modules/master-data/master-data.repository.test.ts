/**
 * The shared master-data SQL on a real table (sales_categories: a name unique in any case, a code
 * unique as written): who holds a value, and the single-row writes with their updated_at stamp.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { salesCategories } from '../../db/schema/sales';
import { openTestDatabase } from '../../test/test-database';
import { masterDataRows, uniqueColumns } from './master-data.repository';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const letters = () => Array.from(randomBytes(8), (b) => String.fromCharCode(65 + (b % 26))).join('');
const rows = masterDataRows(salesCategories);
const unique = uniqueColumns(salesCategories, {
  name: { column: salesCategories.name, anyCase: true, index: 'sales_categories_name_key' },
  code: { column: salesCategories.code, anyCase: false, index: 'sales_categories_code_key' },
});

describe('uniqueColumns', () => {
  it('lists each field and its unique index', () => {
    expect(unique.indexes).toEqual({ name: 'sales_categories_name_key', code: 'sales_categories_code_key' });
  });

  it('finds the name in any case and the code as written, spelled as the other row has them', async () => {
    const name = `${letters()} Retail`;
    const code = letters();
    await rows.insert(handle.db, { name, code });
    expect(await unique.findHeld(handle.db, { name: name.toLowerCase(), code })).toEqual({ name, code });
    expect(await unique.findHeld(handle.db, { name: `${name} 2`, code: code.toLowerCase() })).toEqual({});
  });

  it('finds each field on whichever row holds it, and leaves out the row being changed', async () => {
    const first = await rows.insert(handle.db, { name: `${letters()} One`, code: letters() });
    const second = await rows.insert(handle.db, { name: `${letters()} Two`, code: letters() });
    expect(await unique.findHeld(handle.db, { name: first.name, code: second.code })).toEqual({
      name: first.name,
      code: second.code,
    });
    expect(await unique.findHeld(handle.db, { name: first.name, code: second.code }, first.id)).toEqual({
      code: second.code,
    });
  });

  it('checks only the fields given, and nothing when none is', async () => {
    const row = await rows.insert(handle.db, { name: `${letters()} Three`, code: letters() });
    expect(await unique.findHeld(handle.db, { code: row.code })).toEqual({ code: row.code });
    expect(await unique.findHeld(handle.db, {})).toEqual({});
  });
});

describe('masterDataRows', () => {
  it('inserts, locks and reads, updates with a new updated_at, and deletes one row', async () => {
    const inserted = await rows.insert(handle.db, { name: `${letters()} Four`, code: letters() });
    expect(inserted).toMatchObject({ active: true, description: null });
    const updated = await handle.db.transaction(async (tx) => {
      expect(await rows.lock(tx, inserted.id)).toEqual(inserted);
      return rows.update(tx, inserted.id, { active: false });
    });
    expect(updated).toEqual({ ...inserted, active: false, updatedAt: updated.updatedAt });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(inserted.updatedAt.getTime());
    await rows.remove(handle.db, inserted.id);
    expect(await rows.lock(handle.db, inserted.id, 'share')).toBeNull();
  });

  it('says which table a write found no row in', async () => {
    await expect(rows.update(handle.db, '00000000-0000-4000-8000-000000000000', { active: false })).rejects.toThrow(
      'update of sales_categories returned no row',
    );
  });
});
