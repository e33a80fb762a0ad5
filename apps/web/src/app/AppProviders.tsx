import './mantine-styles';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { sweeplineCssVariables, sweeplineTheme } from '@sweepline/ui';
import type { createStore } from 'jotai';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';

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
        <Notifications position="top-center" />
        {children}
      </MantineProvider>
    </Provider>
  );
}
