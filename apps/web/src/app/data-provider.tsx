import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { twMerge } from 'tailwind-merge';
import { NotificationToasts } from '@web/features/notifications';
import { queryClient } from '@web/lib/query-client';
import { installClassMerge } from '@web/lib/utils';
import { LiveConnection } from './live-connection';

// Every page past the light auth pages merges conflicting classes (lib/utils.ts).
installClassMerge(twMerge);

/**
 * The data layer: the query cache (and with it the API client), the signed-in user's
 * notification toasts and the live connection that keeps the cache fresh. It loads with the first page that needs it, so the auth pages paint without
 * it (root-shell.tsx). A client already provided above (tests) is kept.
 */
export default function DataProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  const body = (
    <>
      <NotificationToasts />
      <LiveConnection />
      {children}
    </>
  );
  return provided ? body : <QueryClientProvider client={queryClient}>{body}</QueryClientProvider>;
}
