import { cn } from '@web/lib/utils';
import { attainmentBand, BAND_LABELS, formatPercent, type AttainmentBand } from './productivity-format.model';

const BAND_CLASSES: Record<AttainmentBand, string> = {
  none: 'text-muted-foreground',
  below: 'bg-destructive/10 text-destructive',
  near: 'bg-[oklch(0.95_0.07_85)] text-[oklch(0.42_0.1_60)]',
  met: 'bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
};

/** Attainment as a percentage, coloured by band; the band is also said in words for screen readers. */
export function AttainmentBadge({ attainment }: { attainment: number | null }) {
  const band = attainmentBand(attainment);
  return (
    <span
      data-band={band}
      className={cn('inline-flex rounded-md px-1.5 py-0.5 font-medium tabular-nums', BAND_CLASSES[band])}
    >
      {formatPercent(attainment)}
      <span className="sr-only"> ({BAND_LABELS[band]})</span>
    </span>
  );
}
