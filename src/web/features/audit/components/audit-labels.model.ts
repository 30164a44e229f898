import type { AuditActor } from '@common/contracts/audit';

/** "Name (email)", the email alone, or "System" for entries without a user (sign-in failures, start-up). */
export function actorLabel(actor: AuditActor | null): string {
  if (!actor) return 'System';
  return actor.name ? `${actor.name} (${actor.email})` : actor.email;
}

/** "two_factor_enabled" → "two factor enabled"; "doc-page" → "doc page". */
export function humanize(code: string): string {
  return code.replace(/[_-]/g, ' ');
}

/** A record type as a heading says it: "sales_order" → "Sales order". */
export function recordTypeLabel(type: string): string {
  const words = humanize(type);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
