import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { appElement } from './app/app-element';
import { startBootCall } from './app/boot-calls';
import { loadLazyMatches } from './app/lazy-routes';
import { routes } from './app/routes';
import { startLoginStateCall } from './app/useSession';

startBootCall(window.location, startLoginStateCall());
const container = document.getElementById('root')!;

// The first render as a transition (issue 43): React renders it in slices of a few milliseconds,
// yielding to the browser between them, where a plain render is one task of 0.4-0.5 s at a
// phone's CPU (Lighthouse's mobile preset) that blocks input the whole time. Only the commit
// stays one task. Nothing is on screen before it either way, so nothing is shown later.
function render(): void {
  const router = createBrowserRouter(routes);
  startTransition(() => {
    createRoot(container).render(appElement(router));
  });
}

// A public screen's page comes with its HTML made at build time (docs/web.md, "HTML made at build
// time"), drawn before this script ran. React takes it over as it is (hydration, in slices as
// above) once the screen's lazy code is in, so that the first render draws the screen, as the
// build did, and not the loading overlay.
async function hydrate(): Promise<void> {
  await loadLazyMatches(routes, window.location.pathname);
  const router = createBrowserRouter(routes);
  startTransition(() => {
    hydrateRoot(container, appElement(router));
  });
}

if (container.hasChildNodes()) void hydrate();
else render();
