import { useEffect } from 'react';
import { z } from 'zod';
import { END_USER_KIND_LABELS, END_USER_KINDS, registerEndUserSchema } from '@common/contracts/carbon';
import { DraftNotice } from '@web/components/form/draft-notice';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useFormDraft } from '@web/components/form/use-form-draft';
import { useRegisterEndUser } from '../api/register-end-user';

const KIND_OPTIONS = END_USER_KINDS.map((value) => ({ value, label: END_USER_KIND_LABELS[value] }));

/** The form's values as typed. */
type RegisterEndUserValues = z.input<typeof registerEndUserSchema>;

/** What its draft keeps: every field as typed. */
const draftSchema: z.ZodType<RegisterEndUserValues> = z.object({
  code: z.string(),
  kind: z.string(),
  name: z.string(),
  phone: z.string(),
  county: z.string(),
  subCounty: z.string(),
  village: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  handoverDate: z.string(),
});

const EMPTY = {
  code: '',
  kind: 'household',
  name: '',
  phone: '',
  county: '',
  subCounty: '',
  village: '',
  latitude: '',
  longitude: '',
  handoverDate: '',
};

/** Nothing typed but, perhaps, the stove ID a link filled in and the type. */
const isEmpty = (v: RegisterEndUserValues) =>
  [v.name, v.phone, v.county, v.subCounty, v.village, v.latitude, v.longitude, v.handoverDate].every(
    (f) => !String(f ?? '').trim(),
  );

/**
 * Register end user: the end user of one sold stove, as one row of the import. `code`: the stove
 * ID a link (the Sales Record's "Register end user") fills in. What is typed is kept as a draft
 * (a reload or a sign-out loses nothing); reopening the form puts it back.
 */
export function RegisterEndUserDialog({
  onClose,
  userId,
  code = '',
}: {
  onClose: () => void;
  userId: string;
  code?: string;
}) {
  const { mutateAsync: register } = useRegisterEndUser();
  const defaultValues = { ...EMPTY, code };
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: registerEndUserSchema,
    defaultValues,
    onSubmit: register,
    successMessage: (saved) => `${saved.name} registered as the end user of ${saved.code}`,
    onSuccess: () => {
      draft.clear();
      onClose();
    },
    errorTitle: 'Could not register the end user',
  });
  const draft = useFormDraft(form, {
    screen: 'carbon-register-end-user',
    userId,
    schema: draftSchema,
    isEmpty,
    defaultValues,
  });
  // A link's stove ID wins over a restored draft's (the draft's other fields stay).
  const { setValue } = form;
  useEffect(() => {
    if (code) setValue('code', code, { shouldDirty: true });
  }, [code, setValue]);

  return (
    <FormDialog
      title="Register end user"
      description="The household or institution a sold stove was handed over to. The GPS point is optional: give both latitude and longitude, in decimal degrees."
      submitLabel="Register end user"
      busyText="Registering..."
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
        <DraftNotice
          draft={draft}
          describe={(v) => (v.name.trim() ? `the end user ${v.name.trim()}` : 'an end user')}
        />
      </div>
      <TextField form={form} name="code" label="Stove ID" autoComplete="off" maxLength={32} />
      <SelectField form={form} name="kind" label="Type" options={KIND_OPTIONS} />
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
      <TextField form={form} name="county" label="County or region" autoComplete="off" maxLength={100} />
      <TextField form={form} name="subCounty" label="Sub-county or district" autoComplete="off" maxLength={100} />
      <TextField form={form} name="village" label="Village" autoComplete="off" maxLength={100} />
      <TextField form={form} name="handoverDate" label="Handover date" type="date" />
      <TextField form={form} name="latitude" label="Latitude" inputMode="decimal" autoComplete="off" />
      <TextField form={form} name="longitude" label="Longitude" inputMode="decimal" autoComplete="off" />
    </FormDialog>
  );
}
