/** SQL that sales categories and sales packages share: who else holds a name or a code. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

export interface NameAndCode {
  name?: string | undefined;
  code?: string | undefined;
}

/** Which of the two another row holds. */
export interface Clash {
  name: boolean;
  code: boolean;
}

/**
 * Whether another row of the table (other than `exceptId`) has this name, in any case, or this
 * code: the unique indexes on lower(name) and code, checked before writing so the 409 names the field.
 */
export async function findNameCodeClash(
  db: Executor,
  table: 'sales_categories' | 'sales_packages',
  values: NameAndCode,
  exceptId?: string,
): Promise<Clash> {
  const { name, code } = values;
  if (name === undefined && code === undefined) return { name: false, code: false };
  const [row] = await queryRows<Clash>(
    db,
    sql`select coalesce(bool_or(lower(name) = lower(${name ?? null}::text)), false) as name,
               coalesce(bool_or(code = ${code ?? null}::text), false) as code
          from ${sql.identifier(table)}
         where (lower(name) = lower(${name ?? null}::text) or code = ${code ?? null}::text)
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return { name: row?.name === true, code: row?.code === true };
}
