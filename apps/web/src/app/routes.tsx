import { canSeeSettings, isAdmin } from '@sweepline/domain';
import { FullScreenLoader } from '@sweepline/ui';
import { Navigate, type RouteObject } from 'react-router';
import { ActivatePage } from '../features/activate/ActivatePage';
import { backOfficeRoutes } from '../features/back-office/back-office-routes';
import { ContactPage } from '../features/contact/ContactPage';
import { DownloadPage } from '../features/download/DownloadPage';
import { ForgetPassPage } from '../features/forget-pass/ForgetPassPage';
import { guideRoutes } from '../features/guides/guide-routes';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/login/LoginPage';
import { ModifyPassPage } from '../features/modify-pass/ModifyPassPage';
import { reportRoutes } from '../features/reports/report-routes';
import { ResetPassPage } from '../features/reset-pass/ResetPassPage';
import { SerialNumbersPage } from '../features/serial-numbers/SerialNumbersPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SignUpPage } from '../features/signup/SignUpPage';
import { StationsPage } from '../features/stations/StationsPage';
import { RequireAccount } from './RequireAccount';
import { RequireLogin } from './RequireLogin';
import { RequireRole } from './RequireRole';
import { RootLayout } from './RootLayout';
import { TEXTS } from './texts';

/** While a lazy route's chunk loads on a first visit: the loading overlay, as for any call. */
const chunkLoader = <FullScreenLoader visible />;

/** The route table of docs/requirements/shell-and-navigation.md#route-table, under the root layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireLogin />,
        children: [
          {
            // the screens of an account; the provider administrator is in none (docs/web.md)
            element: <RequireAccount />,
            children: [
              // the editor is the heaviest screen and /tr draws with chart.js: each is its own
              // chunk, loaded when its route opens, so neither weighs on the first load
              {
                path: 'product',
                lazy: () =>
                  import('../features/product/ProductPage').then((m) => ({ Component: m.ProductPage })),
                hydrateFallbackElement: chunkLoader,
              },
              { path: 'sn', element: <SerialNumbersPage /> },
              {
                path: 'tr',
                lazy: () =>
                  import('../features/test-results/TestResultsPage').then((m) => ({
                    Component: m.TestResultsPage,
                  })),
                hydrateFallbackElement: chunkLoader,
              },
              reportRoutes,
              { path: 'stations', element: <StationsPage /> },
            ],
          },
          {
            element: <RequireRole allow={isAdmin} message={TEXTS.backOfficeOnlyAdmin} />,
            children: [backOfficeRoutes],
          },
          {
            element: <RequireRole allow={canSeeSettings} message={TEXTS.settingsOnlyManager} />,
            children: [{ path: 'Setting', element: <SettingsPage /> }],
          },
          { path: 'ModifyPass', element: <ModifyPassPage /> },
        ],
      },
      { path: 'download', element: <DownloadPage /> },
      { path: 'contact', element: <ContactPage /> },
      guideRoutes,
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignUpPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'ForgetPass', element: <ForgetPassPage /> },
      { path: 'ResetPass', element: <ResetPassPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
