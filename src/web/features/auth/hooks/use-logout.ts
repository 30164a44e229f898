import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '@common/constants';
import { setChosenSignOut, signedOutState } from '@web/lib/return-path';
import { meQueryKey } from '../api/get-me';
import { useSignOut } from '../api/sign-out';

export type LogoutReason = 'user' | 'inactivity';

/**
 * The one logout flow (header button, "Log Out Now", inactivity): sign out,
 * tell the user, then forget every cached query and go to /auth, whether or
 * not the server call succeeded.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useSignOut();

  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      try {
        await mutateAsync();
        if (reason === 'inactivity') toast.error(MESSAGES.inactivityLogout);
        else toast.success(MESSAGES.logoutSuccess);
      } catch (error) {
        console.warn('Sign-out failed', error);
        if (reason === 'inactivity') toast.error(MESSAGES.inactivityLogout);
        else toast.error(MESSAGES.logoutFailure);
      } finally {
        // After an inactivity sign-out, signing in again leads back to the screen the user left
        // (its unfinished work is kept as a draft); a chosen sign-out starts afresh.
        setChosenSignOut(reason === 'user');
        // Signed out first, so no guard sends the user back into the app.
        queryClient.setQueryData(meQueryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
        void navigate('/auth', { replace: true, state: signedOutState(window.location) });
      }
    },
    [mutateAsync, navigate, queryClient],
  );

  return { logout, isPending };
}
