import type { Partner } from '@common/contracts/partners';
import { FilesPanel } from '@web/components/files/files-panel';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useSalesOptions } from '@web/lib/sales-options';
import { useCreatePartner } from '../api/create-partner';
import { useUpdatePartner } from '../api/update-partner';
import { partnerFormDefaults, partnerFormSchema, salesCategoryChoices } from './partner-form.model';
import { PARTNER_TYPE_OPTIONS } from './partner-type';

/** New partner / Edit partner; an existing partner's files (a signed contract) below the form. Asks before throwing away changes. */
export function PartnerFormDialog({ record: partner, onClose }: RecordFormDialogProps<Partner>) {
  const { mutateAsync: create } = useCreatePartner();
  const { mutateAsync: update } = useUpdatePartner();
  const salesOptions = useSalesOptions();

  const { form, dialog } = useRecordForm({
    record: partner,
    labels: { newTitle: 'New partner', createLabel: 'Create partner', noun: 'partner' },
    schema: partnerFormSchema,
    defaultValues: partnerFormDefaults(partner),
    save: (values) => (partner ? update({ id: partner.id, changes: values }) : create(values)),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="A distributor, retailer, institution, NGO or individual customer. The name must be unique within its region."
      contentClassName="sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
      after={partner ? <FilesPanel kind="partner" recordId={partner.id} framed={false} /> : null}
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <SelectField form={form} name="type" label="Type" placeholder="Choose a type" options={PARTNER_TYPE_OPTIONS} />
      <TextField form={form} name="contactPerson" label="Contact person" autoComplete="off" maxLength={200} />
      <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
      <TextField form={form} name="email" label="Email" type="email" autoComplete="off" maxLength={254} />
      <TextField form={form} name="region" label="Region" autoComplete="off" maxLength={100} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <SelectField
          form={form}
          name="defaultSalesCategoryId"
          label="Default sales category"
          placeholder={salesOptions.isPending ? 'Loading sales categories...' : 'None'}
          options={salesCategoryChoices(salesOptions.data?.categories, partner?.defaultSalesCategory ?? null)}
          description="A new sales order for this partner starts with it."
        />
        {salesOptions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The sales categories could not be loaded: {errorMessage(salesOptions.error)}{' '}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void salesOptions.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
      <TextareaField form={form} name="address" label="Address" rows={2} maxLength={300} className="sm:col-span-2" />
      <TextareaField form={form} name="notes" label="Notes" rows={3} maxLength={2000} className="sm:col-span-2" />
    </FormDialog>
  );
}
