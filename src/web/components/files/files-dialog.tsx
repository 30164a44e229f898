import { PaperclipIcon } from 'lucide-react';
import { ATTACHMENT_KIND_INFO, type AttachmentKind } from '@common/contracts/attachments';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FilesPanel } from './files-panel';

/** The record whose files are open: its id and how a clerk names it ("KT-000012", "Jiko Traders"). */
export interface FilesOf {
  id: string;
  name: string;
}

/**
 * A record's files in a window of their own, for the lists whose records have no page of their
 * own (kit transfers, steel records, partners, announcements): the compact Files panel, with
 * upload and Delete for those who may change the record. `record` null: closed.
 */
export function FilesDialog({
  kind,
  record,
  onClose,
}: {
  kind: AttachmentKind;
  record: FilesOf | null;
  onClose: () => void;
}) {
  const noun = ATTACHMENT_KIND_INFO[kind].noun;
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Files of {record?.name ?? `this ${noun}`}</DialogTitle>
          <DialogDescription>
            Photos and documents on this {noun}, such as a signed delivery note, an invoice or a contract.
          </DialogDescription>
        </DialogHeader>
        {record ? <FilesPanel kind={kind} recordId={record.id} framed={false} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** A row's "Files" in its "…" menu: opens the FilesDialog. */
export function filesRowAction(onSelect: () => void): DataTableRowAction {
  return { label: 'Files', icon: PaperclipIcon, onSelect };
}
