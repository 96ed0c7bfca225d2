import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@web/components/error-boundary';
import { LazyToaster } from '@web/components/ui/lazy-toaster';
import { endSession } from '@web/features/auth/lib/session-cache';
import { createQueryClient } from '@web/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // A read answering 401 means the session ended elsewhere: drop cached data; guards then go to /auth.
      onUnauthorized: () => queueMicrotask(() => endSession(client)),
    });
    return client;
  });

  return (
    <ErrorBoundary fullScreen>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
