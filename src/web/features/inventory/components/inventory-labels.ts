/** Small wordings the inventory tabs share. */
import { counted } from '@common/counted';

/**
 * The rows' menus on Categories, Units and Names: Delete is offered for every record (the server
 * refuses one in use and says why), and Deactivate is a plain item, not a red one.
 */
export const RECORD_ACTIONS = { deletable: () => true, deactivateVariant: 'default' } as const;

/** "1 item", "12 items". */
export function countOf(n: number, noun: string): string {
  return counted(n, noun);
}

/** A row's id and name, for the data tables' getRowId and rowLabel (stable functions). */
export function recordId(record: { id: string }): string {
  return record.id;
}

export function recordName(record: { name: string }): string {
  return record.name;
}

/** Who recorded something: their name, else their email; "a removed user" when gone. */
export function personName(person: { name: string | null; email: string } | null): string {
  return person ? (person.name ?? person.email) : 'a removed user';
}
