import { FullScreenLoader } from '@sweepline/ui';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** While a screen's chunk loads on the first visit: the loading overlay, as for any call. */
const chunkLoader = <FullScreenLoader visible />;

/**
 * A route whose screen is its own chunk, fetched when the route first opens (docs/web.md,
 * "Code per screen"), so a first load carries the shell and the one screen it draws. Later
 * navigations show RootLayout's overlay while the chunk arrives; a first load, this one.
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy: async () => ({ Component: await load() }), hydrateFallbackElement: chunkLoader };
}
