import type { PersonRef } from '@common/contracts/fields';

/** Who saved a version, as the history shows them. */
export function personName(person: PersonRef): string {
  return person ? (person.name ?? person.email) : 'a former user';
}
