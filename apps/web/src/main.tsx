import { createStore } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { startLoginStateCall } from './app/useSession';

startLoginStateCall();
const router = createBrowserRouter(routes);
const root = createRoot(document.getElementById('root')!);

// The first render as a transition (issue 43): React renders it in slices of a few milliseconds,
// yielding to the browser between them, where a plain render is one task of 0.4-0.5 s at a
// phone's CPU (Lighthouse's mobile preset) that blocks input the whole time. Only the commit
// stays one task. Nothing is on screen before it either way, so nothing is shown later.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders store={createStore()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
