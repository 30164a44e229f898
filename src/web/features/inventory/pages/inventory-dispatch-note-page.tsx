import { useParams } from 'react-router';
import { DispatchNote } from '@web/components/document/dispatch-note';
import { DocumentPage } from '@web/components/document/document-page';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useInventoryEntry } from '../api/get-inventory-entry';
import { inventoryDispatchNote, inventoryTransferPath } from '../components/inventory-dispatch-note.model';

/** The dispatch note of one inventory transfer (/inventory/transfer-history/:id/dispatch-note): its items. */
export function InventoryDispatchNotePage() {
  const { id = '' } = useParams();
  const entry = useInventoryEntry(id);
  return (
    <DocumentPage
      back={{ to: inventoryTransferPath(id), title: 'Transfer History' }}
      query={entry}
      heading="Dispatch note"
      errorTitle="This transfer could not be opened"
    >
      {(data) =>
        data.kind === 'transfer' ? (
          <DispatchNote note={inventoryDispatchNote(data, window.location.origin)} />
        ) : (
          <>
            <PageHeader title="Dispatch note" />
            <EmptyState
              title="No dispatch note for this entry"
              description="Only transfers between factories have a dispatch note."
            />
          </>
        )
      }
    </DocumentPage>
  );
}
