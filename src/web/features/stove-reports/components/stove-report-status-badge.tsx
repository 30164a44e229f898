import { STOVE_REPORT_STATUS_LABELS, type StoveReportStatus } from '@common/contracts/production';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

const TONE: Record<StoveReportStatus, string> = {
  submitted: 'border-transparent bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  voided: 'border-transparent bg-[oklch(0.95_0.04_25)] text-[oklch(0.45_0.15_25)]',
};

/** A report's status as a coloured badge (the text carries the meaning; colour only helps). */
export function StoveReportStatusBadge({ status }: { status: StoveReportStatus }) {
  return (
    <Badge variant="outline" className={cn(TONE[status])}>
      {STOVE_REPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
