/** The daily report form's values: empty for a new day, or an existing report's to edit it. */
import type { DailyProductionReport } from '@common/contracts/productivity';

export interface DailyReportFormValues {
  factoryId: string;
  date: string;
  couplersPresent: string;
  hoursWorked: string;
  defects: string;
  downtimeMinutes: string;
  notes: string;
}

export type DailyReportFigures = Omit<DailyReportFormValues, 'factoryId' | 'date'>;

/** A new day: the hours of a normal shift, no defects or downtime until told otherwise. */
export const NEW_DAY_FIGURES: DailyReportFigures = {
  couplersPresent: '',
  hoursWorked: '',
  defects: '0',
  downtimeMinutes: '0',
  notes: '',
};

export function figuresOf(report: DailyProductionReport): DailyReportFigures {
  return {
    couplersPresent: String(report.couplersPresent),
    hoursWorked: String(report.hoursWorked),
    defects: String(report.defects),
    downtimeMinutes: String(report.downtimeMinutes),
    notes: report.notes ?? '',
  };
}

/**
 * What the figure fields should show after the factory's day was looked up: the report's own when
 * there is one; the new-day figures when the previous day shown was an existing report (its
 * figures belong to it); otherwise null (keep what the person is typing).
 */
export function figuresAfterLookup(
  report: DailyProductionReport | null,
  previous: { reportId: string | null },
): DailyReportFigures | null {
  if (report) return figuresOf(report);
  return previous.reportId ? NEW_DAY_FIGURES : null;
}

/** Names a loaded state: a change of it means the fields must be refilled. */
export function lookupKey(factoryId: string, date: string, report: DailyProductionReport | null): string {
  return `${factoryId}|${date}|${report ? `${report.id}@${report.updatedAt}` : 'new'}`;
}
