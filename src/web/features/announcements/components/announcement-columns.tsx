import { PinIcon } from 'lucide-react';
import type { Announcement } from '@common/contracts/announcements';
import type { DataTableColumn } from '@web/components/data-table/data-table';
import { formatDateTime } from '@web/lib/format';
import { audienceSummary } from './announcement-form.model';
import { AnnouncementStatusBadge } from './announcement-status';

const none = <span className="text-muted-foreground">—</span>;

export const ANNOUNCEMENT_COLUMNS: readonly DataTableColumn<Announcement>[] = [
  {
    id: 'title',
    header: 'Title',
    sortKey: 'title',
    hideable: false,
    className: 'max-w-80',
    cell: (a) => (
      <span className="flex items-center gap-1.5">
        {a.pinned ? (
          <>
            <PinIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">Pinned: </span>
          </>
        ) : null}
        <span className="truncate font-medium">{a.title}</span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (a) => <AnnouncementStatusBadge status={a.status} /> },
  { id: 'audience', header: 'Audience', className: 'max-w-64 truncate', cell: (a) => audienceSummary(a) },
  {
    id: 'publishAt',
    header: 'Publish at',
    sortKey: 'publishAt',
    cell: (a) => <time dateTime={a.publishAt}>{formatDateTime(a.publishAt)}</time>,
  },
  {
    id: 'expiresAt',
    header: 'Expires at',
    cell: (a) => (a.expiresAt ? <time dateTime={a.expiresAt}>{formatDateTime(a.expiresAt)}</time> : none),
  },
  { id: 'createdBy', header: 'Author', cell: (a) => a.createdBy?.name ?? a.createdBy?.email ?? none },
];
