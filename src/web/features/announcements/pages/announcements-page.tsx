import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { PencilIcon, PinIcon, PinOffIcon, PlusIcon, TimerOffIcon } from 'lucide-react';
import { ANNOUNCEMENT_STATUSES, type Announcement, type ListAnnouncementsQuery } from '@common/contracts/announcements';
import type { MeResponse } from '@common/contracts/me';
import { DataTable } from '@web/components/data-table/data-table';
import { DataTableFilterSelect } from '@web/components/data-table/data-table-filter-select';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { FilesDialog, filesRowAction, type FilesOf } from '@web/components/files/files-dialog';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { errorMessage } from '@web/lib/api-client';
import { useExpireAnnouncement } from '../api/expire-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { ANNOUNCEMENT_COLUMNS } from '../components/announcement-columns';
import { AnnouncementFormDialog } from '../components/announcement-form-dialog';
import { ANNOUNCEMENT_STATUS_OPTIONS } from '../components/announcement-status';

const ANNOUNCEMENT_FILTERS = { status: ANNOUNCEMENT_STATUSES, pinned: ['true', 'false'] } as const;

const ANNOUNCEMENT_LIST: ListStateConfig<ListAnnouncementsQuery['sort'], typeof ANNOUNCEMENT_FILTERS> = {
  sortable: ['publishAt', 'title', 'createdAt'],
  defaultSort: 'publishAt',
  defaultDir: 'desc',
  filters: ANNOUNCEMENT_FILTERS,
};

const PINNED_OPTIONS = [
  { value: 'true', label: 'Pinned' },
  { value: 'false', label: 'Not pinned' },
] as const;

const NOUN = { one: 'announcement', other: 'announcements' };

/**
 * Announcements (/announcements): list, search, filter by status and pin; write, edit, pin,
 * schedule and expire announcements for everyone or chosen groups or factories.
 */
export function AnnouncementsPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const list = useListState(ANNOUNCEMENT_LIST);
  const result = useAnnouncements(list.apiParams);
  /** The open form: undefined = closed, null = new announcement. */
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const [expiring, setExpiring] = useState<Announcement | null>(null);
  const [filesOf, setFilesOf] = useState<FilesOf | null>(null);
  const { mutateAsync: update } = useUpdateAnnouncement();
  const { mutateAsync: expire } = useExpireAnnouncement();

  const togglePin = useCallback(
    async (a: Announcement) => {
      try {
        await update({ id: a.id, changes: { pinned: !a.pinned } });
        toast.success(a.pinned ? `Unpinned “${a.title}”` : `Pinned “${a.title}”`);
      } catch (error) {
        toast.error(a.pinned ? 'Could not unpin' : 'Could not pin', { description: errorMessage(error) });
      }
    },
    [update],
  );

  const rowActions = useCallback(
    (a: Announcement): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(a) },
      filesRowAction(() => setFilesOf({ id: a.id, name: `“${a.title}”` })),
      a.pinned
        ? { label: 'Unpin', icon: PinOffIcon, onSelect: () => void togglePin(a) }
        : { label: 'Pin', icon: PinIcon, onSelect: () => void togglePin(a) },
      {
        label: 'Expire now',
        icon: TimerOffIcon,
        variant: 'destructive',
        disabled: a.status === 'expired',
        onSelect: () => setExpiring(a),
      },
    ],
    [togglePin],
  );

  const newButton = (
    <Button size="sm" onClick={() => setEditing(null)}>
      <PlusIcon aria-hidden="true" />
      New announcement
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Messages for everyone, or for chosen groups or factories, shown in the header and on the dashboards.'
            : `Messages for the people of ${viewer.factory?.name ?? 'your factory'}, shown in the header and on the dashboards.`
        }
      />
      <DataTable
        id="announcements"
        label="Announcements"
        noun={NOUN}
        columns={ANNOUNCEMENT_COLUMNS}
        list={list}
        result={result}
        getRowId={getAnnouncementId}
        rowLabel={announcementLabel}
        rowActions={rowActions}
        searchLabel="Search announcements"
        searchPlaceholder="Title or text"
        filters={
          <>
            <DataTableFilterSelect list={list} name="status" label="Status" options={ANNOUNCEMENT_STATUS_OPTIONS} />
            <DataTableFilterSelect list={list} name="pinned" label="Pinned" options={PINNED_OPTIONS} />
          </>
        }
        actions={newButton}
        empty={{
          title: 'No announcements yet',
          description: 'Write the first one: it reaches everyone, or the groups and factories you choose.',
          action: newButton,
        }}
      />
      {editing !== undefined ? (
        <AnnouncementFormDialog
          key={editing?.id ?? 'new'}
          announcement={editing}
          viewer={viewer}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <FilesDialog kind="announcement" record={filesOf} onClose={() => setFilesOf(null)} />
      <ConfirmDialog
        open={expiring !== null}
        onOpenChange={(open) => (open ? undefined : setExpiring(null))}
        title={`Expire “${expiring?.title ?? ''}”?`}
        description={
          expiring?.status === 'scheduled'
            ? 'It will never be published. You can give it a new expiry later by editing it.'
            : 'It disappears from everyone’s header and dashboards now. You can give it a new expiry later by editing it.'
        }
        confirmLabel="Expire now"
        busyLabel="Expiring..."
        errorTitle="Could not expire the announcement"
        onConfirm={async () => {
          if (!expiring) return;
          await expire(expiring.id);
          toast.success(`“${expiring.title}” expired`);
        }}
      />
    </div>
  );
}

function getAnnouncementId(a: Announcement): string {
  return a.id;
}

function announcementLabel(a: Announcement): string {
  return a.title;
}
