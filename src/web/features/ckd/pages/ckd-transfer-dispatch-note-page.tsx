import { useParams } from 'react-router';
import { parseCkdTransferNumber } from '@common/contracts/ckd';
import { DispatchNote } from '@web/components/document/dispatch-note';
import { DocumentPage } from '@web/components/document/document-page';
import { useCkdTransferByNumber } from '../api/get-ckd-transfers';
import { kitTransferDispatchNote, kitTransferPath } from '../components/ckd.model';

/**
 * The dispatch note of one kit transfer (/ckd/transfer/KT-000123/dispatch-note): its kit categories
 * and kits. Kit transfers have no page of their own, so the note is found by the transfer's number.
 */
export function CkdTransferDispatchNotePage() {
  const { number: param = '' } = useParams();
  // Not a kit transfer number: 0 finds none, and the page says so.
  const number = parseCkdTransferNumber(param) ?? 0;
  const transfer = useCkdTransferByNumber(number);
  return (
    <DocumentPage
      back={{ to: number > 0 ? kitTransferPath(number) : '/ckd/transfer', title: 'CKD Transfer' }}
      query={transfer}
      heading="Dispatch note"
      errorTitle="This kit transfer could not be opened"
    >
      {(data) => <DispatchNote note={kitTransferDispatchNote(data, window.location.origin)} />}
    </DocumentPage>
  );
}
