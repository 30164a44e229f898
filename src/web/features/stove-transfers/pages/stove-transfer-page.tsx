import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SendIcon } from 'lucide-react';
import { z } from 'zod';
import {
  STOVE_ID_STATUS_LABELS,
  transferNumberLabel,
  type CodeProblem,
  type StoveTransfer,
} from '@common/contracts/stove-ids';
import type { FactoryOption } from '@common/contracts/factories';
import { CheckedCodeEntry } from '@web/components/code-check/checked-code-entry';
import { checkingText, checkState } from '@web/components/code-check/code-check.model';
import { useCheckInput } from '@web/components/code-check/use-check-input';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { DraftNotice } from '@web/components/form/draft-notice';
import { SubmitBar } from '@web/components/form/submit-bar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Loading } from '@web/components/ui/loading';
import { NativeSelect } from '@web/components/ui/native-select';
import { PageHeader } from '@web/components/ui/page-header';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { useDraft, type DraftOwner } from '@web/lib/use-draft';
import { useTransferCheck } from '../api/check-stove-transfer';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useSendStoveTransfer } from '../api/send-stove-transfer';
import {
  SEND_ACTION,
  eligibilityByCode,
  ineligibleCodes,
  sendQuestion,
  sendReadiness,
  stoveIds,
  type TransferViewer,
} from '../components/transfer.model';

/** What a draft of this screen keeps. */
const draftSchema = z.object({ from: z.string(), to: z.string(), codes: z.array(z.string()), note: z.string() });
type TransferDraft = z.infer<typeof draftSchema>;

function describeDraft(draft: TransferDraft): string {
  return draft.codes.length > 0 ? `${stoveIds(draft.codes.length)} scanned` : 'a note';
}

function factoryLabel(factory: Pick<FactoryOption, 'name' | 'code'>): string {
  return `${factory.name} (${factory.code})`;
}

/** Stove Transfer (/stove-id/transfer): pick the IDs and the destination, see each ID's eligibility, send. */
export function StoveTransferPage({ title, viewer: me }: { title: string; viewer: TransferViewer & DraftOwner }) {
  const factories = useFactoryOptions();
  const navigate = useNavigate();
  const ids = { from: useId(), to: useId(), note: useId() };

  const ownFactory = me.isGlobal ? null : me.factory;
  const [chosenFrom, setChosenFrom] = useState('');
  const fromFactoryId = ownFactory?.id ?? chosenFrom;
  const [toFactoryId, setToFactoryId] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendStoveTransfer();
  const draft = useDraft<TransferDraft>({
    screen: 'stove-transfer',
    userId: me.user.id,
    value: { from: chosenFrom, to: toFactoryId, codes, note },
    isEmpty: (value) => value.codes.length === 0 && value.note.trim() === '',
    schema: draftSchema,
    restore: (value) => {
      setChosenFrom(value.from);
      setToFactoryId(value.to);
      setCodes(value.codes);
      setNote(value.note);
    },
    reset: () => {
      setChosenFrom('');
      setToFactoryId('');
      setCodes([]);
      setNote('');
      setProblems(null);
    },
  });

  const active = useMemo(() => (factories.data ?? []).filter((f) => f.active), [factories.data]);
  const destinations = useMemo(() => active.filter((f) => f.id !== fromFactoryId), [active, fromFactoryId]);
  const destination = destinations.find((f) => f.id === toFactoryId);

  // Check after each change, once the list has been still for a moment.
  const request = useMemo(
    () => (fromFactoryId && toFactoryId && codes.length > 0 ? { fromFactoryId, toFactoryId, codes } : null),
    [fromFactoryId, toFactoryId, codes],
  );
  const { input, listKey, waiting } = useCheckInput(request);
  const check = useTransferCheck(input, listKey);
  const byCode = useMemo(() => eligibilityByCode(check.data), [check.data]);
  const readiness = sendReadiness({
    fromFactoryId,
    toFactoryId,
    codes,
    byCode,
    ...checkState(check, waiting),
  });
  const ineligible = useMemo(() => ineligibleCodes(codes, byCode), [codes, byCode]);

  const changeCodes = useCallback((next: string[]) => {
    setCodes(next);
    setProblems(null);
  }, []);

  const sent = (transfer: StoveTransfer) => {
    const number = transferNumberLabel(transfer.number);
    toast.success(`Transfer ${number} sent`, {
      description: `${stoveIds(transfer.idCount)} on the way to ${transfer.to.name}; they wait for its confirmation.`,
      action: { label: 'Open', onClick: () => void navigate(`/stove-id/transfer-confirmations/${transfer.id}`) },
    });
    draft.clear();
    setCodes([]);
    setNote('');
    setProblems(null);
  };

  const submit = async () => {
    try {
      sent(await send.mutateAsync({ fromFactoryId, toFactoryId, codes, note: note.trim() || null }));
    } catch (error) {
      const refused = problemsOf(error);
      if (!refused) throw error;
      setProblems(refused);
      toast.error('The transfer was not sent', { description: errorMessage(error) });
      void check.refetch();
    }
  };

  if (factories.isPending) return <Loading className="py-10" />;
  if (!me.isGlobal && !me.factory)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={title} />
        <NoFactoryAssigned description="Stove IDs are sent from your factory, and you have none. Ask an administrator to assign one." />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Send stove IDs to another factory. They stay in transit until the destination confirms them."
      />
      <DraftNotice draft={draft} describe={describeDraft} />
      <Card>
        <CardHeader>
          <CardTitle>Factories</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.from}>Sending factory</Label>
            {ownFactory ? (
              <p id={ids.from} className="flex h-9 items-center text-sm">
                {factoryLabel(ownFactory)}
              </p>
            ) : (
              <NativeSelect
                id={ids.from}
                value={chosenFrom}
                onChange={(event) => {
                  setChosenFrom(event.target.value);
                  if (event.target.value === toFactoryId) setToFactoryId('');
                  setProblems(null);
                }}
              >
                <option value="">Choose a factory</option>
                {active.map((f) => (
                  <option key={f.id} value={f.id}>
                    {factoryLabel(f)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.to}>Destination factory</Label>
            <NativeSelect
              id={ids.to}
              value={toFactoryId}
              onChange={(event) => {
                setToFactoryId(event.target.value);
                setProblems(null);
              }}
            >
              <option value="">Choose a factory</option>
              {destinations.map((f) => (
                <option key={f.id} value={f.id}>
                  {factoryLabel(f)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Stove IDs</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CheckedCodeEntry
            label="Stove IDs to send"
            focusScan
            codes={codes}
            onChange={changeCodes}
            disabled={send.isPending}
            byCode={byCode}
            checking={request !== null}
            passedText={(item) =>
              item.eligible ? `Eligible${item.status ? ` (${STOVE_ID_STATUS_LABELS[item.status]})` : ''}` : null
            }
            action={SEND_ACTION}
            summary={
              codes.length === 0
                ? 'Add stove IDs to see whether they can be sent.'
                : !request
                  ? 'Choose both factories to check the stove IDs.'
                  : (checkingText(codes.length, readiness.checked) ??
                    `${readiness.eligible.toLocaleString('en-US')} eligible, ${readiness.ineligible.toLocaleString('en-US')} cannot be sent.`)
            }
            check={check}
            refused={ineligible}
            problems={problems}
            problemsTitle={(count) => `The transfer was refused for these stove IDs (${stoveIds(count)})`}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.note}>Note (optional)</Label>
            <Textarea
              id={ids.note}
              value={note}
              maxLength={1000}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <SubmitBar blocked={readiness.blocked} pending={send.isPending}>
            {(action) => (
              <Button {...action} onClick={() => setConfirming(true)}>
                <SendIcon aria-hidden="true" />
                {codes.length > 0 ? `Send ${stoveIds(codes.length)}` : 'Send'}
              </Button>
            )}
          </SubmitBar>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={sendQuestion(codes.length, destination?.name ?? 'the destination')}
        description="They will be in transit until the destination confirms them. You can cancel the transfer while it is pending."
        confirmLabel="Send"
        busyLabel="Sending..."
        destructive={false}
        errorTitle="The transfer was not sent"
        onConfirm={submit}
      />
    </div>
  );
}
