import { z } from 'zod';
import {
  SURVEY_FUEL_LABELS,
  SURVEY_FUELS,
  SURVEY_METHOD_LABELS,
  SURVEY_METHODS,
  surveyResultInputSchema,
  type SurveyMember,
} from '@common/contracts/carbon-surveys';
import { DraftNotice } from '@web/components/form/draft-notice';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField, TextareaField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFormDraft } from '@web/components/form/use-form-draft';
import { useRecordSurveyResult } from '../api/record-survey-result';

const METHOD_OPTIONS = SURVEY_METHODS.map((value) => ({ value, label: SURVEY_METHOD_LABELS[value] }));
const FUEL_OPTIONS = SURVEY_FUELS.map((value) => ({ value, label: SURVEY_FUEL_LABELS[value] }));
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The form's values as typed. */
type SurveyResultValues = z.input<typeof surveyResultInputSchema>;

/** What its draft keeps: every field as typed. */
const draftSchema: z.ZodType<SurveyResultValues> = z.object({
  method: z.string(),
  surveyedOn: z.string(),
  reached: z.string(),
  inUse: z.string(),
  working: z.string(),
  fuelBefore: z.string(),
  fuelAfter: z.string(),
  surveyor: z.string(),
  note: z.string(),
});

/** No answer chosen and no note typed. */
const isEmpty = (v: SurveyResultValues) =>
  [v.reached, v.inUse, v.working, v.fuelBefore, v.fuelAfter, v.note].every((f) => !String(f ?? '').trim());

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? '' : v ? 'yes' : 'no');

/**
 * Record (or edit) the result of the visit or call to one sampled stove's end user. What is typed
 * is kept as a draft of this stove of this draw (a reload or a sign-out loses nothing).
 */
export function SurveyResultDialog({
  drawId,
  member,
  userId,
  surveyor,
  today,
  onClose,
}: {
  drawId: string;
  member: SurveyMember;
  userId: string;
  /** The signed-in user's name: the surveyor of a new result. */
  surveyor: string;
  today: string;
  onClose: () => void;
}) {
  const { mutateAsync: record } = useRecordSurveyResult();
  const result = member.result;
  const defaultValues = {
    method: result?.method ?? 'visit',
    surveyedOn: result?.surveyedOn ?? today,
    reached: yesNo(result?.reached),
    inUse: yesNo(result?.inUse),
    working: yesNo(result?.working),
    fuelBefore: result?.fuelBefore ?? '',
    fuelAfter: result?.fuelAfter ?? '',
    surveyor: result?.surveyor ?? surveyor,
    note: result?.note ?? '',
  };
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: surveyResultInputSchema,
    defaultValues,
    onSubmit: (values) => record({ drawId, code: member.code, result: values }),
    successMessage: `Result of ${member.code} saved`,
    onSuccess: () => {
      draft.clear();
      onClose();
    },
    errorTitle: 'Could not save the result',
  });
  const draft = useFormDraft(form, {
    screen: `carbon-survey-result-${drawId}-${member.code}`,
    userId,
    schema: draftSchema,
    // An edit is worth keeping once it differs from the saved result.
    isEmpty: (v) =>
      result
        ? (Object.keys(defaultValues) as (keyof typeof defaultValues)[]).every((k) => v[k] === defaultValues[k])
        : isEmpty(v),
    defaultValues,
  });

  return (
    <FormDialog
      title={`Survey result: ${member.code}`}
      description={`${member.endUser.name}${member.endUser.phone ? `, ${member.endUser.phone}` : ''}${
        member.endUser.location ? `, ${member.endUser.location}` : ''
      }. Not reached: leave the answers empty.`}
      submitLabel="Save result"
      busyText="Saving..."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={() => {
        draft.clear();
        onClose();
      }}
      contentClassName="sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <div className="sm:col-span-2 empty:hidden">
        <DraftNotice draft={draft} describe={() => `a result for ${member.code}`} />
      </div>
      <SelectField form={form} name="method" label="Visit or call" options={METHOD_OPTIONS} />
      <TextField form={form} name="surveyedOn" label="Date" type="date" />
      <SelectField form={form} name="reached" label="End user reached" options={YES_NO} placeholder="Choose" />
      <SelectField form={form} name="inUse" label="Stove in use" options={YES_NO} placeholder="Not asked" />
      <SelectField form={form} name="working" label="In working order" options={YES_NO} placeholder="Not asked" />
      <SelectField
        form={form}
        name="fuelBefore"
        label="Main fuel before the stove"
        options={FUEL_OPTIONS}
        placeholder="Not asked"
      />
      <SelectField form={form} name="fuelAfter" label="Main fuel now" options={FUEL_OPTIONS} placeholder="Not asked" />
      <TextField form={form} name="surveyor" label="Surveyor" autoComplete="off" maxLength={200} />
      <TextareaField form={form} name="note" label="Note" className="sm:col-span-2" maxLength={1000} />
    </FormDialog>
  );
}
