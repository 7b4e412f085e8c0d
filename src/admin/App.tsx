import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BootProvider, type Boot } from './shell/boot.tsx';
import { I18nProvider } from './shell/i18n.tsx';
import { Shell } from './shell/Shell.tsx';
import { ApiError } from './shell/api.ts';
import { translator } from '../i18n/index.ts';
import './admin.css';

/**
 * The site owner's application under /admin/: one React island (`client:only`), mounted by
 * src/pages/admin/[...path].astro after the server has checked the session and the role. Server
 * state goes through React Query over the admin API; screens load lazily (shell/routes.tsx).
 */
export default function AdminApp(props: Boot) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 15_000,
            refetchOnWindowFocus: false,
            // refusals (4xx) are answers, not hiccups
            retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
          },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <BootProvider value={props}>
      <I18nProvider value={translator(props.locale)}>
        <QueryClientProvider client={client}>
          <Shell />
        </QueryClientProvider>
      </I18nProvider>
    </BootProvider>
  );
}
