import type { User } from '@common/contracts/users';
import { ActiveStatusDialog, type ActiveStatusChange } from '@web/components/form/active-status-dialog';
import { useDeactivateUser } from '../api/deactivate-user';
import { useReactivateUser } from '../api/reactivate-user';

export type UserStatusChange = ActiveStatusChange<User>;

/** Asks before deactivating (signs out everywhere, blocks sign-in) or reactivating a user. */
export function UserStatusDialog({ change, onClose }: { change: UserStatusChange | null; onClose: () => void }) {
  const { mutateAsync: deactivate } = useDeactivateUser();
  const { mutateAsync: reactivate } = useReactivateUser();
  return (
    <ActiveStatusDialog
      change={change}
      onClose={onClose}
      noun="user"
      descriptions={{
        deactivate: 'They are signed out everywhere at once and cannot sign in until reactivated. Their records stay.',
        reactivate: 'They can sign in again with their password.',
      }}
      deactivate={deactivate}
      reactivate={reactivate}
    />
  );
}
