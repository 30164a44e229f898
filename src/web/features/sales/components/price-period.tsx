import { dayLabel } from '@common/calendar-days';
import type { SalesPrice } from '@common/contracts/sales';

/** "1 Jan 2026 – 31 Mar 2026", "from 1 Apr 2026", or "corrected the same day" for a price that never took over. */
export function PricePeriod({ price }: { price: Pick<SalesPrice, 'effectiveFrom' | 'effectiveTo'> }) {
  if (price.effectiveTo === null) return <span>from {dayLabel(price.effectiveFrom)}</span>;
  if (price.effectiveTo < price.effectiveFrom)
    return (
      <span>
        {dayLabel(price.effectiveFrom)} <span className="text-muted-foreground">(corrected the same day)</span>
      </span>
    );
  return (
    <span>
      {dayLabel(price.effectiveFrom)} – {dayLabel(price.effectiveTo)}
    </span>
  );
}
