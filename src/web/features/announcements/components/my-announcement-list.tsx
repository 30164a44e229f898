import { useId, useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, ChevronDownIcon, PaperclipIcon, PinIcon } from 'lucide-react';
import type { MyAnnouncement } from '@common/contracts/announcements';
import { FilesPanel } from '@web/components/files/files-panel';
import { attachedCount } from '@web/components/files/files.model';
import { Markdown } from '@web/components/markdown/markdown';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { useMarkAllAnnouncementsRead } from '../api/mark-all-announcements-read';
import { useMarkAnnouncementRead } from '../api/mark-announcement-read';

/** A long text is shown folded until expanded. */
const FOLD_AT = 220;

/**
 * My announcements as a list: pinned first (as the server orders them), unread ones highlighted,
 * each text in Markdown (long ones fold), its attached files to open and download, "Mark as read"
 * on the unread ones.
 * `headingLevel`: the level of each title, under the list's own heading.
 */
export function MyAnnouncementList({
  items,
  headingLevel = 'h3',
}: {
  items: readonly MyAnnouncement[];
  headingLevel?: 'h3' | 'h4';
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="My announcements">
      {items.map((a) => (
        <MyAnnouncementItem key={a.id} announcement={a} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

function MyAnnouncementItem({
  announcement: a,
  headingLevel: Heading,
}: {
  announcement: MyAnnouncement;
  headingLevel: 'h3' | 'h4';
}) {
  const id = useId();
  const long = a.body.length > FOLD_AT || a.body.split('\n').length > 4;
  const [expanded, setExpanded] = useState(false);
  const files = attachedCount(a.files);
  const [showFiles, setShowFiles] = useState(false);
  const { mutateAsync: markRead, isPending } = useMarkAnnouncementRead();
  const read = async () => {
    try {
      await markRead(a.id);
    } catch (error) {
      toast.error('Could not mark as read', { description: errorMessage(error) });
    }
  };
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-md border p-3',
        a.read ? 'bg-background' : 'border-primary/40 bg-accent/60',
      )}
      data-read={a.read}
    >
      <div className="flex items-start gap-2">
        {a.pinned ? <PinIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <Heading className="text-sm leading-snug font-semibold break-words">
            {a.title}
            {a.pinned ? <span className="sr-only"> (pinned)</span> : null}
            {a.read ? null : <span className="sr-only"> (unread)</span>}
          </Heading>
          <p className="text-xs text-muted-foreground">
            {a.author ? `${a.author} · ` : null}
            <time dateTime={a.publishAt}>{formatDateTime(a.publishAt)}</time>
          </p>
        </div>
        {a.read ? null : (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" data-slot="unread-dot" />
        )}
      </div>
      <div id={`${id}-body`} className={cn(long && !expanded && 'line-clamp-4')}>
        <Markdown>{a.body}</Markdown>
      </div>
      {long || files || !a.read ? (
        <div className="flex flex-wrap items-center gap-2">
          {long ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={expanded}
              aria-controls={`${id}-body`}
              onClick={() => setExpanded((open) => !open)}
            >
              <ChevronDownIcon className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
              {expanded ? 'Show less' : 'Show more'}
              <span className="sr-only"> of {a.title}</span>
            </Button>
          ) : null}
          {files ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showFiles}
              aria-controls={`${id}-files`}
              onClick={() => setShowFiles((open) => !open)}
            >
              <PaperclipIcon aria-hidden="true" />
              {files}
              <span className="sr-only"> of {a.title}</span>
            </Button>
          ) : null}
          {a.read ? null : (
            <Button variant="outline" size="sm" disabled={isPending} onClick={() => void read()}>
              <CheckIcon aria-hidden="true" />
              Mark as read
              <span className="sr-only">: {a.title}</span>
            </Button>
          )}
        </div>
      ) : null}
      {files ? (
        <div id={`${id}-files`} hidden={!showFiles}>
          {showFiles ? <FilesPanel kind="announcement" recordId={a.id} framed={false} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** "Mark all as read" (shown while something is unread). */
export function MarkAllReadButton({ unread, className }: { unread: number; className?: string }) {
  const { mutateAsync: markAll, isPending } = useMarkAllAnnouncementsRead();
  if (unread === 0) return null;
  const run = async () => {
    try {
      await markAll();
    } catch (error) {
      toast.error('Could not mark all as read', { description: errorMessage(error) });
    }
  };
  return (
    <Button variant="ghost" size="sm" className={className} disabled={isPending} onClick={() => void run()}>
      <CheckIcon aria-hidden="true" />
      Mark all as read
    </Button>
  );
}
