import type { SalesPrice } from '@common/contracts/sales';
import { Badge } from '@web/components/ui/badge';

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

export const PRICE_STATE_LABELS: Record<SalesPrice['state'], string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
  superseded: 'Superseded',
};

/** A price's state today, in words (not only colour). */
export function PriceStateBadge({ state }: { state: SalesPrice['state'] }) {
  if (state === 'in_force') return <Badge variant="success">{PRICE_STATE_LABELS.in_force}</Badge>;
  if (state === 'scheduled')
    return (
      <Badge variant="outline" className="border-sky-700/40 bg-sky-50 text-sky-900">
        {PRICE_STATE_LABELS.scheduled}
      </Badge>
    );
  return <Badge variant="secondary">{PRICE_STATE_LABELS.superseded}</Badge>;
}
