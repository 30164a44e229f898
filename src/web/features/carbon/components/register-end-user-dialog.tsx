import { END_USER_KIND_LABELS, END_USER_KINDS, registerEndUserSchema } from '@common/contracts/carbon';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useRegisterEndUser } from '../api/register-end-user';

const KIND_OPTIONS = END_USER_KINDS.map((value) => ({ value, label: END_USER_KIND_LABELS[value] }));

/** Register end user: the end user of one sold stove, as one row of the import. */
export function RegisterEndUserDialog({ onClose }: { onClose: () => void }) {
  const { mutateAsync: register } = useRegisterEndUser();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: registerEndUserSchema,
    defaultValues: {
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
    },
    onSubmit: register,
    successMessage: (saved) => `${saved.name} registered as the end user of ${saved.code}`,
    onSuccess: onClose,
    errorTitle: 'Could not register the end user',
  });

  return (
    <FormDialog
      title="Register end user"
      description="The household or institution a sold stove was handed over to. The GPS point is optional: give both latitude and longitude, in decimal degrees."
      submitLabel="Register end user"
      busyText="Registering..."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      contentClassName="sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
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
