/** Words and rules of the stove transfer screens (pure, unit-tested). */
import { counted } from '@common/counted';
import {
  transferNumberLabel,
  type StoveTransfer,
  type StoveTransferDetail,
  type TransferCheck,
} from '@common/contracts/stove-ids';
import { absoluteUrl, type DispatchNoteData } from '@web/components/document/dispatch-note.model';
import {
  checkedByCode,
  countChecked,
  refusedItems,
  removeRefusedText,
} from '@web/components/code-check/code-check.model';

type Person = StoveTransfer['createdBy'];

/** Who looks at the transfer screens (given by src/web/app from the signed-in user). */
export interface TransferViewer {
  /** Sees and acts on every factory. */
  isGlobal: boolean;
  /** A factory-scoped user's factory (null: none assigned). */
  factory: { id: string; name: string; code: string } | null;
}
type CheckItem = TransferCheck['items'][number];

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 stove ID", "5,000 stove IDs" */
export function stoveIds(n: number): string {
  return counted(n, 'stove ID');
}

/** A person's name, or their email when they have none. */
export function personName(person: Person): string {
  return person ? (person.name ?? person.email) : '—';
}

/** "Send 5 stove IDs to Mombasa Assembly?" */
export function sendQuestion(count: number, destination: string): string {
  return `Send ${stoveIds(count)} to ${destination}?`;
}

/** What the stove IDs are checked for, in "cannot be sent". */
export const SEND_ACTION = 'sent';

function isEligible(item: CheckItem): boolean {
  return item.eligible;
}

/** Each code's eligibility by code. */
export function eligibilityByCode(check: TransferCheck | undefined): ReadonlyMap<string, CheckItem> {
  return checkedByCode(check?.items);
}

/** The ineligible codes of the list, in the list's order. */
export function ineligibleCodes(codes: readonly string[], byCode: ReadonlyMap<string, CheckItem>): CheckItem[] {
  return refusedItems(codes, byCode, isEligible);
}

export interface SendReadiness {
  /** Codes in the list with a verdict of the current check. */
  checked: number;
  eligible: number;
  ineligible: number;
  /** Why Send is disabled, or null when it may be pressed. */
  blocked: string | null;
}

/** Whether the transfer can be sent now: factories chosen, IDs present, all checked and eligible. */
export function sendReadiness(input: {
  fromFactoryId: string;
  toFactoryId: string;
  codes: readonly string[];
  byCode: ReadonlyMap<string, CheckItem>;
  /** A check of the current list is under way (its verdicts may be out of date). */
  checking: boolean;
  checkFailed: boolean;
}): SendReadiness {
  const { checked, passed: eligible, refused: ineligible } = countChecked(input.codes, input.byCode, isEligible);
  const blocked = !input.fromFactoryId
    ? 'Choose the sending factory.'
    : !input.toFactoryId
      ? 'Choose the destination factory.'
      : input.codes.length === 0
        ? 'Add the stove IDs to send.'
        : input.checkFailed
          ? 'The stove IDs could not be checked.'
          : ineligible > 0
            ? `${removeRefusedText(ineligible, SEND_ACTION)}.`
            : input.checking || checked < input.codes.length
              ? 'Checking the stove IDs...'
              : null;
  return { checked, eligible, ineligible, blocked };
}

/** "12 received, 3 return to NBO" */
export function partialSummary(received: number, total: number, senderCode: string): string {
  return `${numberText(received)} received, ${numberText(total - received)} return to ${senderCode}`;
}

/** "12 of 15" or "—" while pending. */
export function receivedText(transfer: Pick<StoveTransfer, 'receivedCount' | 'idCount'>): string {
  return transfer.receivedCount === null
    ? '—'
    : `${numberText(transfer.receivedCount)} of ${numberText(transfer.idCount)}`;
}

/** Codes narrowed by a search text: the document pages' rule (named here too for this model's tests). */
export { filterCodes } from '@web/components/document/document.model';

/** Where the detail page's "Back" goes: the list the transfer was opened from, with its search and filters. */
export function backToOf(state: unknown, fallback: string): string {
  if (typeof state === 'object' && state !== null && 'backTo' in state) {
    const backTo = state.backTo;
    if (typeof backTo === 'string' && (backTo === fallback || backTo.startsWith(`${fallback}?`))) return backTo;
  }
  return fallback;
}

/**
 * Where a stove transfer is received: its Receive by scanning screen under Transfer Confirmations
 * (the dispatch note's QR code opens it; once the transfer is decided it links to the transfer).
 */
export function receivePath(id: string): string {
  return `/stove-id/transfer-confirmations/${encodeURIComponent(id)}/receive`;
}

/** A stove transfer's dispatch note; `day` is the day it was sent on the sender's calendar. */
export function transferDispatchNote(transfer: StoveTransferDetail, day: string, origin: string): DispatchNoteData {
  const codes = transfer.items.map((item) => item.code);
  return {
    kind: 'Stove transfer',
    number: transferNumberLabel(transfer.number),
    receiveUrl: absoluteUrl(receivePath(transfer.id), origin),
    day,
    from: transfer.from,
    to: transfer.to,
    lines: {
      heading: 'Description',
      rows: [{ what: 'Stoves, each ID listed below', quantity: numberText(codes.length) }],
    },
    codes,
    note: transfer.note,
    sentBy: personName(transfer.createdBy),
    warning:
      transfer.status === 'canceled'
        ? 'Canceled: these stoves stay at the sending factory.'
        : transfer.status === 'rejected'
          ? 'Rejected by the receiving factory: these stoves go back to the sender.'
          : undefined,
  };
}
