import { useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { AlertTriangleIcon, PencilIcon } from 'lucide-react';
import { z } from 'zod';
import { isIsoDay } from '@common/calendar-days';
import {
  DAILY_REPORT_LIMITS,
  createDailyProductionReportSchema,
  type DailyProductionReport,
} from '@common/contracts/productivity';
import type { MeResponse } from '@common/contracts/me';
import { DraftNotice } from '@web/components/form/draft-notice';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFormDraft } from '@web/components/form/use-form-draft';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { useFactoryOptions } from '@web/lib/factory-options';
import { formatDateTime } from '@web/lib/format';
import { useCreateDailyProductionReport } from '../api/create-daily-production-report';
import { useDailyReportOfDay } from '../api/get-daily-production-reports';
import { useUpdateDailyProductionReport } from '../api/update-daily-production-report';
import { figuresAfterLookup, lookupKey, NEW_DAY_FIGURES, type DailyReportFormValues } from './daily-report-form.model';
import { formatDay } from './productivity-format.model';
import { localToday } from '@web/lib/local-today';

/** What a draft of the form keeps: the values as typed. */
const draftSchema = z.object({
  factoryId: z.string(),
  date: z.string(),
  couplersPresent: z.string(),
  hoursWorked: z.string(),
  defects: z.string(),
  downtimeMinutes: z.string(),
  notes: z.string(),
});

function describeDraft(values: Pick<DailyReportFormValues, 'date'>): string {
  return isIsoDay(values.date) ? `a daily report for ${formatDay(values.date)}` : 'a daily report';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request from elsewhere on the page (a list row's Edit) to open one factory's day; `seq` makes each one new. */
export interface OpenDayRequest {
  factoryId: string;
  date: string;
  seq: number;
}

interface SaveResult {
  report: DailyProductionReport;
  edited: boolean;
}

function personName(person: DailyProductionReport['createdBy']): string {
  return person ? (person.name ?? person.email) : 'someone';
}

/**
 * The supervisor's form: factory (their own when factory-scoped), day, couplers present, hours
 * worked, defects/rework, downtime and notes. When the factory already reported that day, its
 * report is loaded and the form edits it instead.
 */
export function DailyReportForm({ viewer, openDay }: { viewer: MeResponse; openDay: OpenDayRequest | null }) {
  const factories = useFactoryOptions();
  const ownFactory = viewer.isGlobal ? null : viewer.factory;
  const cardRef = useRef<HTMLDivElement>(null);
  const statusId = useId();
  const titleId = useId();
  const today = localToday();
  const create = useCreateDailyProductionReport();
  const update = useUpdateDailyProductionReport();

  const defaultValues: DailyReportFormValues = { factoryId: ownFactory?.id ?? '', date: today, ...NEW_DAY_FIGURES };
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: createDailyProductionReportSchema,
    defaultValues,
    onSubmit: async (values): Promise<SaveResult> => {
      if (existing) {
        const { couplersPresent, hoursWorked, defects, downtimeMinutes, notes } = values;
        const changes = { couplersPresent, hoursWorked, defects, downtimeMinutes, notes };
        return { report: await update.mutateAsync({ id: existing.id, changes }), edited: true };
      }
      return { report: await create.mutateAsync(values), edited: false };
    },
    successMessage: ({ report, edited }) =>
      `${edited ? 'Report updated' : 'Report submitted'}: ${report.factory.name}, ${formatDay(report.date)}`,
    onSuccess: () => draft.clear(),
    errorTitle: 'The report was not saved',
  });

  const [factoryId, date] = useWatch({ control: form.control, name: ['factoryId', 'date'] });
  const ready = UUID.test(factoryId) && isIsoDay(date);
  const lookup = useDailyReportOfDay(factoryId, date, ready);
  const existing = ready ? (lookup.data ?? null) : null;
  // Only a new day's report is kept as a draft: a day already reported is the report itself.
  const draft = useFormDraft(form, {
    screen: 'daily-production-report',
    userId: viewer.user.id,
    schema: draftSchema,
    isEmpty: (values) =>
      existing !== null ||
      (Object.keys(NEW_DAY_FIGURES) as (keyof typeof NEW_DAY_FIGURES)[]).every((key) => {
        const typed: unknown = values[key];
        return typeof typed === 'string' ? typed.trim() === NEW_DAY_FIGURES[key] : typed === undefined;
      }),
    defaultValues,
  });

  // Refill the figures when the factory's day turns out to have a report (or stops having one).
  const loaded = useRef<{ key: string; reportId: string | null }>({ key: '', reportId: null });
  useEffect(() => {
    if (!ready || lookup.data === undefined) return;
    const key = lookupKey(factoryId, date, lookup.data);
    if (loaded.current.key === key) return;
    const figures = figuresAfterLookup(lookup.data, loaded.current);
    loaded.current = { key, reportId: lookup.data?.id ?? null };
    if (figures) form.reset({ ...form.getValues(), factoryId, date, ...figures });
  }, [ready, lookup.data, factoryId, date, form]);

  // A list row's Edit: open that factory's day here.
  useEffect(() => {
    if (!openDay) return;
    form.setValue('factoryId', openDay.factoryId);
    form.setValue('date', openDay.date);
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    form.setFocus('couplersPresent');
  }, [openDay, form]);

  const factoryOptions = ownFactory
    ? [{ value: ownFactory.id, label: `${ownFactory.code} — ${ownFactory.name}` }]
    : (factories.data ?? []).filter((f) => f.active).map((f) => ({ value: f.id, label: `${f.code} — ${f.name}` }));
  const checking = ready && lookup.isPending;

  return (
    <Card ref={cardRef} className="scroll-mt-4">
      <CardHeader>
        <CardTitle id={titleId}>{existing ? 'Edit the daily report' : 'New daily report'}</CardTitle>
        <CardDescription>
          One report per factory and day. Choosing a day that was already reported opens that report for editing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DraftNotice draft={draft} describe={describeDraft} />
        <form
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={titleId}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-describedby={statusId}
        >
          <SelectField
            form={form}
            name="factoryId"
            label="Factory"
            placeholder={ownFactory ? undefined : 'Choose a factory'}
            options={factoryOptions}
            disabled={ownFactory !== null}
            description={ownFactory ? 'Your factory.' : undefined}
          />
          <TextField form={form} name="date" label="Date" type="date" max={today} description="The day reported." />
          <TextField
            form={form}
            name="couplersPresent"
            label="Couplers present"
            type="number"
            inputMode="numeric"
            min={0}
            max={DAILY_REPORT_LIMITS.couplersMax}
          />
          <TextField
            form={form}
            name="hoursWorked"
            label="Hours worked"
            type="number"
            inputMode="decimal"
            min={0}
            max={DAILY_REPORT_LIMITS.hoursMax}
            step="any"
            description="Per coupler, 0-24 (e.g. 7.5)."
          />
          <TextField form={form} name="defects" label="Defects/rework" type="number" inputMode="numeric" min={0} />
          <TextField
            form={form}
            name="downtimeMinutes"
            label="Downtime minutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={DAILY_REPORT_LIMITS.downtimeMax}
            description="0-1,440 minutes the line stood still."
          />
          <TextareaField
            form={form}
            name="notes"
            label="Notes (optional)"
            rows={2}
            maxLength={2000}
            className="sm:col-span-2 lg:col-span-3"
          />
          <div id={statusId} role="status" aria-live="polite" className="text-sm sm:col-span-2 lg:col-span-3">
            {checking ? (
              <span className="text-muted-foreground">Looking for a report of this day...</span>
            ) : existing ? (
              <span className="inline-flex items-start gap-2">
                <PencilIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {existing.factory.name} already reported {formatDay(existing.date)} ({personName(existing.createdBy)};
                  last changed {formatDateTime(existing.updatedAt)} by {personName(existing.updatedBy)}). Saving changes
                  that report.
                </span>
              </span>
            ) : null}
          </div>
          {lookup.isError && !lookup.isFetching ? (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-2 text-sm text-destructive sm:col-span-2 lg:col-span-3"
            >
              <AlertTriangleIcon className="size-4" aria-hidden="true" />
              Could not check for an existing report: {errorMessage(lookup.error)}
              <Button type="button" variant="outline" size="sm" onClick={() => void lookup.refetch()}>
                Retry
              </Button>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
            <SubmitButton busy={isSubmitting} busyText="Saving..." disabled={checking}>
              {existing ? 'Save changes' : 'Submit report'}
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
