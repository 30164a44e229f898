import { useState } from 'react';
import { profileInputSchema, type Profile } from '@common/contracts/profiles';
import { TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { DiscardChangesDialog, UnsavedChangesGuard } from '@web/components/form/unsaved-changes-guard';
import { useAppForm } from '@web/components/form/use-app-form';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useUpdateProfile } from '../api/update-profile';

/** Edit profile: name, phone, job title. Asks before throwing away changes. */
export function ProfileFormDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { mutateAsync: update } = useUpdateProfile();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: profileInputSchema,
    defaultValues: { name: profile.name, phone: profile.phone ?? '', jobTitle: profile.jobTitle ?? '' },
    onSubmit: (changes) => update({ id: profile.id, changes }),
    successMessage: (saved) => `Profile of ${saved.name} saved`,
    onSuccess: onClose,
    errorTitle: 'Could not save the profile',
  });
  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };
  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit profile of {profile.name}</DialogTitle>
            <DialogDescription>{profile.email}</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
            <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
            <TextField form={form} name="jobTitle" label="Job title" autoComplete="off" maxLength={100} />
            <DialogFooter className="pt-2">
              <Button variant="outline" onClick={requestClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <SubmitButton busy={isSubmitting} busyText="Saving..." disabled={!isDirty}>
                Save changes
              </SubmitButton>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog open={confirmDiscard} onStay={() => setConfirmDiscard(false)} onDiscard={onClose} />
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
    </>
  );
}
