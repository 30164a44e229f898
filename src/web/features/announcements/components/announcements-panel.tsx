import { useState } from 'react';
import { MegaphoneIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Loading } from '@web/components/ui/loading';
import { errorMessage } from '@web/lib/api-client';
import { useMyAnnouncements } from '../api/get-my-announcements';
import { MarkAllReadButton, MyAnnouncementList } from './my-announcement-list';

/**
 * My current announcements as a dashboard card: the first `limit` (pinned first, then newest),
 * "Show all" for the rest, and "Mark all as read".
 */
export function AnnouncementsPanel({ limit = 5 }: { limit?: number }) {
  const mine = useMyAnnouncements();
  const [showAll, setShowAll] = useState(false);
  const items = mine.data?.items ?? [];
  const unread = mine.data?.unread ?? 0;
  const shown = showAll ? items : items.slice(0, limit);
  return (
    <Card className="gap-4" data-testid="announcements-panel">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <MegaphoneIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            Announcements
          </CardTitle>
          <CardDescription>{unread > 0 ? `${unread} unread` : 'All read'}</CardDescription>
        </div>
        <MarkAllReadButton unread={unread} className="-mt-1" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {mine.isPending ? (
          <Loading className="py-4" />
        ) : mine.isError ? (
          <p className="text-sm text-destructive">{errorMessage(mine.error)}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No announcements for you right now.</p>
        ) : (
          <>
            <MyAnnouncementList items={shown} />
            {items.length > limit ? (
              <Button variant="link" size="sm" className="self-start px-0" onClick={() => setShowAll((all) => !all)}>
                {showAll ? 'Show fewer' : `Show all ${items.length} announcements`}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
