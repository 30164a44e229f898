import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from 'lucide-react';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { errorMessage } from '@web/lib/api-client';
import { useMyAnnouncements } from '../api/get-my-announcements';
import { useUnreadAnnouncementCount } from '../api/get-unread-announcement-count';
import { MarkAllReadButton, MyAnnouncementList } from './my-announcement-list';

/** "Announcements, 3 unread" (or just "Announcements"): the bell's accessible name. */
function bellLabel(unread: number): string {
  return unread > 0 ? `Announcements, ${unread} unread` : 'Announcements';
}

/**
 * The header's bell: my unread count as a badge (asked again every minute, and on live updates),
 * opening my announcements: pinned first, unread highlighted, mark one or all as read.
 * `canManage`: links to the Announcements page.
 */
export function AnnouncementsBell({ canManage }: { canManage: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const unread = useUnreadAnnouncementCount().data ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)}>
          <BellIcon aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="announcements-unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.65rem] leading-none font-semibold text-primary-foreground tabular-nums"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={`${id}-title`}
        className="flex w-[min(26rem,calc(100vw-1rem))] flex-col gap-3 p-3"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="text-sm font-semibold">
            Announcements
          </h2>
          <MarkAllReadButton unread={unread} />
        </div>
        {open ? <BellContent /> : null}
        {canManage ? (
          <Link
            to="/announcements"
            onClick={() => setOpen(false)}
            className={buttonVariants({ variant: 'link', size: 'sm', className: 'self-start px-0' })}
          >
            Manage announcements
          </Link>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

function BellContent() {
  const mine = useMyAnnouncements();
  if (mine.isPending) return <Loading className="py-6" />;
  if (mine.isError) return <p className="text-sm text-destructive">{errorMessage(mine.error)}</p>;
  if (mine.data.items.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No announcements for you right now.</p>;
  }
  return <MyAnnouncementList items={mine.data.items} />;
}
