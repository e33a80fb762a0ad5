import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';

/**
 * The whole app around a router. The browser renders it, and the build renders the public
 * screens' HTML from it (src/prerender/render-route.tsx, docs/web.md "HTML made at build time"):
 * hydration only keeps that HTML when both trees are the same, down to the ids React's useId
 * gives Mantine's inputs and responsive styles, so there is one place that builds it.
 */
export function appElement(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <AppProviders store={createStore()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
