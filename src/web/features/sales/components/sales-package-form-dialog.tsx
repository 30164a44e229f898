import type { SalesPackage } from '@common/contracts/sales';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useCkdCategoryOptions } from '@web/lib/ckd-category-options';
import { useCreateSalesPackage } from '../api/create-sales-package';
import { useUpdateSalesPackage } from '../api/update-sales-package';
import {
  packageFormDefaults,
  salesPackageFormSchema,
  STOVES_HINT,
  stoveModelChoices,
} from './sales-package-form.model';

/** New sales package / Edit: name, code, stove model, stoves per package, extra items, description. */
export function SalesPackageFormDialog({ record: pkg, onClose }: RecordFormDialogProps<SalesPackage>) {
  const { mutateAsync: create } = useCreateSalesPackage();
  const { mutateAsync: update } = useUpdateSalesPackage();
  const models = useCkdCategoryOptions();

  const { form, dialog } = useRecordForm({
    record: pkg,
    labels: { newTitle: 'New sales package', createLabel: 'Create package', noun: 'sales package' },
    schema: salesPackageFormSchema,
    defaultValues: packageFormDefaults(pkg),
    save: (values) => (pkg ? update({ id: pkg.id, changes: values }) : create(values)),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="What is sold: a stove model, how many stoves one package delivers and what comes with them. Name and code must be unique."
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-[1fr_10rem]"
      footerClassName="sm:col-span-2"
    >
      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={200}
        placeholder="Jiko Poa single"
      />
      <TextField
        form={form}
        name="code"
        label="Code"
        autoComplete="off"
        maxLength={16}
        spellCheck={false}
        placeholder="JPS-1"
        className="[&_input]:font-mono [&_input]:uppercase"
        description="2-16 letters, digits or dashes."
      />
      <div className="flex flex-col gap-2">
        <SelectField
          form={form}
          name="ckdCategoryId"
          label="Stove model"
          placeholder={models.isPending ? 'Loading stove models...' : 'Choose the stove model'}
          options={stoveModelChoices(models.data ?? [], pkg)}
          description="The CKD category the package's stoves are built from."
        />
        {models.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The stove models could not be loaded: {errorMessage(models.error)}{' '}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void models.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
      <TextField
        form={form}
        name="stovesPerPackage"
        label="Stoves per package"
        inputMode="numeric"
        autoComplete="off"
        description={STOVES_HINT}
      />
      <TextareaField
        form={form}
        name="extraItems"
        label="Extra items (optional)"
        rows={2}
        maxLength={500}
        placeholder="1 cooking pot (5 L), user manual"
        className="sm:col-span-2"
      />
      <TextareaField
        form={form}
        name="description"
        label="Description (optional)"
        rows={2}
        maxLength={1000}
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}
