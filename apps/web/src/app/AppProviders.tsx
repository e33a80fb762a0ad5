import './mantine-styles';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { sweeplineCssVariables, sweeplineTheme } from '@sweepline/ui';
import type { createStore } from 'jotai';
import { Provider } from 'jotai';
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export interface AppProvidersProps {
  store: ReturnType<typeof createStore>;
  /** 'test' turns Mantine's transitions and portals off, for the component tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Mantine, its notifications, and the jotai store of one app (one per test in the tests). */
export function AppProviders({ store, env, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <MantineProvider env={env} theme={sweeplineTheme} cssVariablesResolver={sweeplineCssVariables}>
        <NotificationsAfterFirstPaint />
        {children}
      </MantineProvider>
    </Provider>
  );
}

/**
 * Mantine's notifications, mounted once the first screen is painted (issue 43). Their portal mounts
 * in a layout effect and renders its six positions again at once, which made the first load's
 * commit, the one task of it React cannot slice, about a third longer. A notification asked for
 * before (a failed first call) waits in Mantine's store and shows when they mount.
 */
function NotificationsAfterFirstPaint() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? <Notifications position="top-center" /> : null;
}
