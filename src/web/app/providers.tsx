import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MESSAGES } from '@common/constants';
import { Toaster } from '@web/components/ui/sonner';
import { meQueryKey } from '@web/features/auth/api/get-me';
import { onSessionExpired } from '@web/lib/api-client';
import { createQueryClient } from '@web/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // Any 401 means the session is gone: the guards then send the user to /auth.
      onUnauthenticated: () => client.setQueryData(meQueryKey, null),
    });
    return client;
  });

  // The server ended the session for inactivity before this tab noticed: say so, then sign out.
  useEffect(
    () =>
      onSessionExpired(() => {
        toast.error(MESSAGES.inactivityLogout, { id: 'session-expired' });
        queryClient.setQueryData(meQueryKey, null);
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
