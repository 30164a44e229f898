import { PARTNER_TYPES, type PartnerType } from '@common/contracts/partners';

/** How each partner type reads on screen (DOMAIN.md §4). */
export const PARTNER_TYPE_LABELS: Readonly<Record<PartnerType, string>> = {
  distributor: 'Distributor',
  retailer: 'Retailer',
  institution: 'Institution',
  ngo: 'NGO',
  individual: 'Individual',
};

export const PARTNER_TYPE_OPTIONS: readonly { value: PartnerType; label: string }[] = PARTNER_TYPES.map((value) => ({
  value,
  label: PARTNER_TYPE_LABELS[value],
}));
