import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/sonner';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { meQueryKey } from '@web/features/auth/api/get-me';
import { createQueryClient } from '@web/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // Any 401 means the session is gone: the guards then send the user to /auth.
      onUnauthenticated: () => client.setQueryData(meQueryKey, null),
    });
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
