import {
  SURVEY_FUEL_LABELS,
  SURVEY_FUELS,
  SURVEY_METHOD_LABELS,
  SURVEY_METHODS,
  surveyResultInputSchema,
  type SurveyMember,
} from '@common/contracts/carbon-surveys';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField, TextareaField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useRecordSurveyResult } from '../api/record-survey-result';

const METHOD_OPTIONS = SURVEY_METHODS.map((value) => ({ value, label: SURVEY_METHOD_LABELS[value] }));
const FUEL_OPTIONS = SURVEY_FUELS.map((value) => ({ value, label: SURVEY_FUEL_LABELS[value] }));
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? '' : v ? 'yes' : 'no');

/** Record (or edit) the result of the visit or call to one sampled stove's end user. */
export function SurveyResultDialog({
  drawId,
  member,
  surveyor,
  today,
  onClose,
}: {
  drawId: string;
  member: SurveyMember;
  /** The signed-in user's name: the surveyor of a new result. */
  surveyor: string;
  today: string;
  onClose: () => void;
}) {
  const { mutateAsync: record } = useRecordSurveyResult();
  const result = member.result;
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: surveyResultInputSchema,
    defaultValues: {
      method: result?.method ?? 'visit',
      surveyedOn: result?.surveyedOn ?? today,
      reached: yesNo(result?.reached),
      inUse: yesNo(result?.inUse),
      working: yesNo(result?.working),
      fuelBefore: result?.fuelBefore ?? '',
      fuelAfter: result?.fuelAfter ?? '',
      surveyor: result?.surveyor ?? surveyor,
      note: result?.note ?? '',
    },
    onSubmit: (values) => record({ drawId, code: member.code, result: values }),
    successMessage: `Result of ${member.code} saved`,
    onSuccess: onClose,
    errorTitle: 'Could not save the result',
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
      onClose={onClose}
      contentClassName="sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
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
