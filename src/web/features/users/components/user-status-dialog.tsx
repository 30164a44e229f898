import { toast } from 'sonner';
import type { User } from '@common/contracts/users';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { useDeactivateUser } from '../api/deactivate-user';
import { useReactivateUser } from '../api/reactivate-user';

export interface UserStatusChange {
  user: User;
  action: 'deactivate' | 'reactivate';
}

/** Asks before deactivating (signs out everywhere, blocks sign-in) or reactivating a user. */
export function UserStatusDialog({ change, onClose }: { change: UserStatusChange | null; onClose: () => void }) {
  const { mutateAsync: deactivate } = useDeactivateUser();
  const { mutateAsync: reactivate } = useReactivateUser();
  const user = change?.user;
  const deactivating = change?.action !== 'reactivate';
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={deactivating ? `Deactivate ${user?.name ?? 'user'}?` : `Reactivate ${user?.name ?? 'user'}?`}
      description={
        deactivating
          ? 'They are signed out everywhere at once and cannot sign in until reactivated. Their records stay.'
          : 'They can sign in again with their password.'
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busyLabel={deactivating ? 'Deactivating...' : 'Reactivating...'}
      destructive={deactivating}
      errorTitle={deactivating ? 'Could not deactivate the user' : 'Could not reactivate the user'}
      onConfirm={async () => {
        if (!user) return;
        const saved = deactivating ? await deactivate(user.id) : await reactivate(user.id);
        toast.success(deactivating ? `${saved.name} deactivated` : `${saved.name} reactivated`);
      }}
    />
  );
}
