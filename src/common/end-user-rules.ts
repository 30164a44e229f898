/**
 * Whether a stove can get an end user now (issue 26): the check each import row and the
 * single-stove form make against the registry. Pure: the service reads the stoves, this judges.
 */
import { STOVE_ID_STATUS_LABELS, type StoveIdStatus } from './contracts/stove-ids';

/** A stove as the check sees it: its status, factory, current sale and open registration. */
export interface StoveForEndUser {
  code: string;
  status: StoveIdStatus;
  factoryId: string;
  /** The order it is sold on now (null unless sold). */
  sale: { orderId: string; date: string; partnerId: string; partnerName: string } | null;
  /** The name of its open registration's end user, if it has one. */
  registeredTo: string | null;
}

export interface EndUserCheck {
  /** The partner the import's stoves were sold to; undefined for the single-stove form. */
  partnerId?: string;
  handoverDate: string;
  /** Whether the person registering may act on this factory (factory scope). */
  inScope: (factoryId: string) => boolean;
}

/** Why the stove cannot be registered, as the preview's verdict says it; null when it can. */
export function endUserProblem(stove: StoveForEndUser | undefined, check: EndUserCheck): string | null {
  if (!stove) return 'Unknown stove ID';
  // Out of scope reads as unknown: a factory-scoped user learns nothing of other factories' stoves.
  if (!check.inScope(stove.factoryId)) return 'Unknown stove ID';
  if (stove.status !== 'sold' || !stove.sale)
    return `Not sold (status: ${STOVE_ID_STATUS_LABELS[stove.status].toLowerCase()})`;
  if (stove.registeredTo !== null) return `Already registered to ${stove.registeredTo}`;
  if (check.partnerId !== undefined && stove.sale.partnerId !== check.partnerId)
    return `Sold to another partner (${stove.sale.partnerName})`;
  if (check.handoverDate < stove.sale.date) return `Handover date is before the sale (${stove.sale.date})`;
  return null;
}
