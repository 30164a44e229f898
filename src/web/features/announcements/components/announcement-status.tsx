import type { AnnouncementStatus } from '@common/contracts/announcements';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  expired: 'Expired',
};

export const ANNOUNCEMENT_STATUS_OPTIONS = (Object.keys(ANNOUNCEMENT_STATUS_LABELS) as AnnouncementStatus[]).map(
  (value) => ({ value, label: ANNOUNCEMENT_STATUS_LABELS[value] }),
);

const TONE: Record<AnnouncementStatus, string> = {
  scheduled: 'border-transparent bg-[oklch(0.95_0.04_250)] text-[oklch(0.42_0.12_250)]',
  live: 'border-transparent bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  expired: 'border-transparent bg-secondary text-secondary-foreground',
};

/** An announcement's status as a coloured badge (the text carries the meaning). */
export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  return (
    <Badge variant="outline" className={cn(TONE[status])}>
      {ANNOUNCEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
