import { Title } from '@mantine/core';
import { FullScreenLoader } from '@sweepline/ui';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { useLoginChecked } from './login-checked';

/** While a screen's chunk loads on the first visit: the loading overlay, as for any call. */
const chunkLoader = <FullScreenLoader visible />;

/**
 * The title painted under the loader while the check runs: hidden from assistive technology, whose
 * users meet the screen's heading once the screen is there, as before (its appearing still says
 * the screen has opened).
 */
function PendingTitle({ title }: { title: string }) {
  return (
    <Title order={1} aria-hidden>
      {title}
    </Title>
  );
}

/**
 * The screen, once RequireLogin's check has passed (always, outside it); until then its title
 * alone, or nothing, so that no call is made for a session not yet known.
 */
function afterLoginCheck(Screen: ComponentType, title: string | undefined): ComponentType {
  return function CheckedScreen() {
    if (useLoginChecked()) return <Screen />;
    return title ? <PendingTitle title={title} /> : null;
  };
}

/**
 * A route whose screen is its own chunk, fetched when the route first opens (docs/web.md,
 * "Code per screen"), so a first load carries the shell and the one screen it draws. Later
 * navigations show RootLayout's overlay while the chunk arrives; a first load, this one.
 * `title` is the screen's heading, drawn while the login state is checked (RequireLogin).
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  title?: string,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: afterLoginCheck(await load(), title) }),
    hydrateFallbackElement: chunkLoader,
  };
}
