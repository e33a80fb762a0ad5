import { canManageUsers, canSeeSettings, isAdmin } from '@sweepline/domain';
import { Navigate, type RouteObject } from 'react-router';
import { backOfficeRoutes } from '../features/back-office/back-office-routes';
import { guideRoutes } from '../features/guides/guide-routes';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/login/LoginPage';
import { reportRoutes } from '../features/reports/report-routes';
import { lazyScreen } from './lazy-screen';
import { BEHIND_SIGN_IN } from './login-checked';
import { RequireAccount } from './RequireAccount';
import { RequireLogin } from './RequireLogin';
import { RequireRole } from './RequireRole';
import { RootLayout } from './RootLayout';
import { SCREEN_TITLES } from './screen-titles';
import { TEXTS } from './texts';

/**
 * The route table of docs/requirements/shell-and-navigation.md#route-table, under the root layout.
 * Every screen is its own chunk (lazyScreen): the editor, chart.js and the report pickers load
 * only on the screens that draw them. Two stay in the first chunk, under 1 KB each compressed:
 * home, the page most first loads land on, and log-in, where a 401 sends any screen at once
 * (a pending lazy /login would leave the old screen's guards to redirect elsewhere meanwhile).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireLogin />,
        handle: BEHIND_SIGN_IN,
        children: [
          {
            // the screens of an account; the provider administrator is in none (docs/web.md)
            element: <RequireAccount />,
            children: [
              {
                path: 'product',
                // its heading is for screen readers only: nothing to paint while the login is checked
                ...lazyScreen(() => import('../features/product/ProductPage').then((m) => m.ProductPage)),
              },
              {
                path: 'sn',
                ...lazyScreen(
                  () =>
                    import('../features/serial-numbers/SerialNumbersPage').then((m) => m.SerialNumbersPage),
                  SCREEN_TITLES.sn,
                ),
              },
              {
                path: 'tr',
                ...lazyScreen(
                  () => import('../features/test-results/TestResultsPage').then((m) => m.TestResultsPage),
                  SCREEN_TITLES.tr,
                ),
              },
              reportRoutes,
              {
                path: 'stations',
                ...lazyScreen(
                  () => import('../features/stations/StationsPage').then((m) => m.StationsPage),
                  SCREEN_TITLES.stations,
                ),
              },
              // issue 40: instruments and their certificates, and which units they measured
              {
                path: 'instruments',
                ...lazyScreen(
                  () => import('../features/instruments/InstrumentsPage').then((m) => m.InstrumentsPage),
                  SCREEN_TITLES.instruments,
                ),
              },
              {
                path: 'instruments/:instrumentId',
                ...lazyScreen(() =>
                  import('../features/instruments/InstrumentPage').then((m) => m.InstrumentPage),
                ),
              },
              {
                path: 'containment',
                ...lazyScreen(
                  () => import('../features/containment/ContainmentPage').then((m) => m.ContainmentPage),
                  SCREEN_TITLES.containment,
                ),
              },
              {
                // issue 39: the audit trail, for managers
                element: <RequireRole allow={canManageUsers} message={TEXTS.historyOnlyManager} />,
                children: [
                  {
                    path: 'history',
                    ...lazyScreen(
                      () => import('../features/history/HistoryPage').then((m) => m.HistoryPage),
                      SCREEN_TITLES.history,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireRole allow={isAdmin} message={TEXTS.backOfficeOnlyAdmin} />,
            children: [backOfficeRoutes],
          },
          {
            element: <RequireRole allow={canSeeSettings} message={TEXTS.settingsOnlyManager} />,
            children: [
              {
                path: 'Setting',
                ...lazyScreen(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
              },
            ],
          },
          {
            path: 'ModifyPass',
            ...lazyScreen(() =>
              import('../features/modify-pass/ModifyPassPage').then((m) => m.ModifyPassPage),
            ),
          },
        ],
      },
      {
        path: 'download',
        ...lazyScreen(() => import('../features/download/DownloadPage').then((m) => m.DownloadPage)),
      },
      {
        path: 'contact',
        ...lazyScreen(() => import('../features/contact/ContactPage').then((m) => m.ContactPage)),
      },
      guideRoutes,
      { path: 'login', element: <LoginPage /> },
      {
        path: 'signup',
        ...lazyScreen(() => import('../features/signup/SignUpPage').then((m) => m.SignUpPage)),
      },
      {
        path: 'activate',
        ...lazyScreen(() => import('../features/activate/ActivatePage').then((m) => m.ActivatePage)),
      },
      {
        path: 'ForgetPass',
        ...lazyScreen(() => import('../features/forget-pass/ForgetPassPage').then((m) => m.ForgetPassPage)),
      },
      {
        path: 'ResetPass',
        ...lazyScreen(() => import('../features/reset-pass/ResetPassPage').then((m) => m.ResetPassPage)),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
