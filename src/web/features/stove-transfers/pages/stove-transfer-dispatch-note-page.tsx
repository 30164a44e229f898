import { useParams } from 'react-router';
import { DispatchNote } from '@web/components/document/dispatch-note';
import { DocumentPage } from '@web/components/document/document-page';
import { viewerDay } from '@web/lib/time-zone';
import { useStoveTransfer } from '../api/get-stove-transfer';
import { transferDispatchNote } from '../components/transfer.model';

/**
 * The dispatch note of one stove transfer (/stove-id/transfer-confirmations/:id/dispatch-note and
 * the same under Transfer History): every stove ID on it, for the driver to carry.
 */
export function StoveTransferDispatchNotePage({ parentPath }: { parentPath: string }) {
  const { id = '' } = useParams();
  const transfer = useStoveTransfer(id);
  return (
    <DocumentPage
      back={{ to: `${parentPath}/${encodeURIComponent(id)}`, title: 'the transfer' }}
      query={transfer}
      heading="Dispatch note"
      errorTitle="This transfer could not be opened"
    >
      {(data) => (
        <DispatchNote note={transferDispatchNote(data, viewerDay(new Date(data.createdAt)), window.location.origin)} />
      )}
    </DocumentPage>
  );
}
