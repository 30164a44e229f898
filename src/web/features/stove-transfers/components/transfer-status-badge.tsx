import { STOVE_TRANSFER_STATUS_LABELS, type StoveTransferStatus } from '@common/contracts/stove-ids';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

const TONE: Record<StoveTransferStatus, string> = {
  pending: 'border-transparent bg-[oklch(0.95_0.06_85)] text-[oklch(0.42_0.1_70)]',
  confirmed: 'border-transparent bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  partially_confirmed: 'border-transparent bg-[oklch(0.95_0.04_200)] text-[oklch(0.38_0.08_220)]',
  rejected: 'border-transparent bg-[oklch(0.95_0.04_25)] text-[oklch(0.45_0.15_25)]',
  canceled: '',
};

/** A transfer's status as a coloured badge (the text carries the meaning; colour only helps). */
export function TransferStatusBadge({ status }: { status: StoveTransferStatus }) {
  return (
    <Badge variant={status === 'canceled' ? 'secondary' : 'outline'} className={cn(TONE[status])}>
      {STOVE_TRANSFER_STATUS_LABELS[status]}
    </Badge>
  );
}
