import { STOVE_ID_STATUS_LABELS, type StoveIdStatus } from '@common/contracts/stove-ids';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

/** One colour per status; dark text on a light tint keeps 4.5:1 contrast. */
const STATUS_CLASSES: Record<StoveIdStatus, string> = {
  in_stock: 'bg-[oklch(0.95_0.04_250)] text-[oklch(0.38_0.12_255)]',
  coupled: 'bg-[oklch(0.95_0.06_85)] text-[oklch(0.4_0.09_70)]',
  validated: 'bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  sold: 'bg-[oklch(0.95_0.04_300)] text-[oklch(0.4_0.14_300)]',
  in_transit: 'bg-[oklch(0.95_0.05_200)] text-[oklch(0.39_0.08_210)]',
  void: 'bg-[oklch(0.95_0.03_25)] text-[oklch(0.45_0.17_27)]',
};

/** A stove ID's status as a coloured badge ("In transit (was Coupled)" when held). */
export function StoveIdStatusBadge({
  status,
  heldStatus,
  className,
}: {
  status: StoveIdStatus;
  heldStatus?: StoveIdStatus | null;
  className?: string;
}) {
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', STATUS_CLASSES[status], className)}
    >
      {STOVE_ID_STATUS_LABELS[status]}
      {status === 'in_transit' && heldStatus ? (
        <span className="font-normal">(was {STOVE_ID_STATUS_LABELS[heldStatus].toLowerCase()})</span>
      ) : null}
    </Badge>
  );
}
