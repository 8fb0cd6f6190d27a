import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/app-providers';
import { createAppRouter } from '@/app/router';
import { registerServiceWorker } from '@/app/service-worker';
import { notify } from '@/components/notifications/notify';
import { loadCatalog } from '@/i18n/i18n';
import { queryClient } from '@/lib/query-client';
import { getPreferences } from '@/lib/preferences';

document.documentElement.lang = getPreferences().language;

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A user who chose English sees English from the first frame.
void loadCatalog(getPreferences().language)
  .catch((error: unknown) => console.error('Language strings failed to load', error))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders client={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );

void registerServiceWorker((message, action) => notify(message, { variant: 'info', persist: action !== undefined, action }));
