/** Words and rules of the stove report screens (pure, unit-tested). */
import { dayLabel } from '@common/calendar-days';
import { counted } from '@common/counted';
import { STOVE_REPORT_CODES_MAX, type StoveReport, type StoveReportCheck } from '@common/contracts/production';
import {
  checkedByCode,
  countChecked,
  refusedItems,
  removeRefusedText,
} from '@web/components/code-check/code-check.model';
import { backOf as documentBackOf, type BackLink } from '@web/components/document/document.model';

type CheckItem = StoveReportCheck['items'][number];
type Person = StoveReport['createdBy'];

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 stove", "1,000 stoves" */
export function stoves(n: number): string {
  return counted(n, 'stove');
}

/** "1 stove ID", "5 stove IDs" */
export function stoveIds(n: number): string {
  return counted(n, 'stove ID');
}

/** "1 kit", "5 kits" */
export function kits(n: number): string {
  return counted(n, 'kit');
}

/** A person's name, or their email when they have none. */
export function personName(person: Person): string {
  return person ? (person.name ?? person.email) : '—';
}

/** What the stove IDs are checked for, in "cannot be reported". */
export const REPORT_ACTION = 'reported';

/** A code can be reported (it is in stock at the factory). */
export function isReportable(item: CheckItem): boolean {
  return item.verdict === 'ok';
}

/** Each code's verdict by code. */
export function verdictsByCode(check: StoveReportCheck | undefined): ReadonlyMap<string, CheckItem> {
  return checkedByCode(check?.items);
}

/** The codes of the list that cannot be reported, in the list's order. */
export function refusedCodes(codes: readonly string[], byCode: ReadonlyMap<string, CheckItem>): CheckItem[] {
  return refusedItems(codes, byCode, isReportable);
}

export interface SubmitReadiness {
  /** Codes of the list with a verdict of the current check. */
  checked: number;
  ok: number;
  problems: number;
  /** Why Submit is disabled, or null when it may be pressed. */
  blocked: string | null;
}

/** Why a future day cannot be the day stoves were coupled, with the latest day that can. */
export function futureDayMessage(today: string): string {
  return `Stoves cannot be reported for a day to come: choose ${dayLabel(today)} or earlier.`;
}

/**
 * Whether the report can be submitted now: factory, model and a day that is not in the future
 * chosen, stove IDs present (at most a report's worth), all checked and in stock, and enough kits.
 */
export function submitReadiness(input: {
  factoryId: string;
  categoryId: string;
  date: string;
  today: string;
  codes: readonly string[];
  byCode: ReadonlyMap<string, CheckItem>;
  /** Kits of the model at the factory (null until known). */
  kitsAvailable: number | null;
  /** A check of the current list is under way (its verdicts may be out of date). */
  checking: boolean;
  checkFailed: boolean;
}): SubmitReadiness {
  const { checked, passed: ok, refused: problems } = countChecked(input.codes, input.byCode, isReportable);
  const count = input.codes.length;
  const blocked = !input.factoryId
    ? 'Choose the factory.'
    : !input.categoryId
      ? 'Choose the stove model.'
      : !input.date
        ? 'Choose the date the stoves were coupled.'
        : input.date > input.today
          ? futureDayMessage(input.today)
          : count === 0
            ? 'Scan or paste the stove IDs of the stoves you coupled.'
            : count > STOVE_REPORT_CODES_MAX
              ? `A report holds at most ${numberText(STOVE_REPORT_CODES_MAX)} stove IDs: remove ${numberText(count - STOVE_REPORT_CODES_MAX)}.`
              : input.checkFailed
                ? 'The stove IDs could not be checked.'
                : problems > 0
                  ? `${removeRefusedText(problems, REPORT_ACTION)}.`
                  : input.checking || checked < count
                    ? 'Checking the stove IDs...'
                    : input.kitsAvailable !== null && input.kitsAvailable < count
                      ? `Not enough kits: ${kits(input.kitsAvailable)} in stock, ${kits(count)} needed.`
                      : null;
  return { checked, ok, problems, blocked };
}

/** "Report 5 stoves?" */
export function reportQuestion(count: number): string {
  return `Report ${stoves(count)}?`;
}

/** What submitting does, for the confirmation. */
export function reportConsequence(input: { count: number; model: string; factory: string; date: string }): string {
  return `${stoveIds(input.count)} become coupled as ${input.model} stoves made on ${dayLabel(input.date)}, and ${kits(input.count)} are taken from ${input.factory}'s stock. A manager can void the report if it is wrong.`;
}

/** Who uses the stove report screens (given by src/web/app from the signed-in user). */
export interface StoveReportViewer {
  user: { id: string };
  groups: readonly string[];
  permissions: readonly string[];
  /** Sees and acts on every factory. */
  isGlobal: boolean;
  /** A factory-scoped user's factory (null: none assigned). */
  factory: { id: string; name: string; code: string } | null;
}

/** Couplers see their own recent reports under the form; everyone else the factory's. */
export function recentScope(
  viewer: StoveReportViewer,
  factoryId: string,
): { couplerId: string } | { factoryId: string } | null {
  if (viewer.groups.includes('Stove Coupler')) return { couplerId: viewer.user.id };
  return factoryId ? { factoryId } : null;
}

/**
 * Where a report page's "Back" goes: the screen it was opened from when that screen said so (a
 * production page, e.g. the overview with its filters, or the report form), else `fallback`.
 */
export function backOf(state: unknown, fallback: BackLink): BackLink {
  return documentBackOf(state, fallback, (to) => to.startsWith('/production'));
}
