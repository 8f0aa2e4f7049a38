import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { configureApi } from '../lib/api';
import { NotifierProvider, useNotify } from '../ui/Notifier';
import { initThemeFromStorage } from '../ui/theme';
import { router } from './router';

initThemeFromStorage();

function ApiHooks() {
  const notify = useNotify();
  useEffect(() => {
    configureApi({
      // Loaded on demand: signing out needs the live client, which the sign-in page does not.
      onSignedOut: () => void import('../lib/sign-out').then((module) => module.signOutLocally((to, options) => router.navigate(to, options))),
      notify,
    });
  }, [notify]);
  return null;
}

export function App() {
  return (
    // No jotai Provider: its hooks use the default store without one (lib/live.ts writes there),
    // and leaving it out keeps jotai off the sign-in page. TanStack Query's provider sits in the
    // screens that read server state (the shell, the documents page), which keeps it off there too.
    <NotifierProvider>
      <ApiHooks />
      <RouterProvider router={router} />
    </NotifierProvider>
  );
}
