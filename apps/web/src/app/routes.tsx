import { Navigate, type RouteObject } from 'react-router';
import { ActivatePage } from '../features/activate/ActivatePage';
import { backOfficeRoutes } from '../features/back-office/back-office-routes';
import { ForgetPassPage } from '../features/forget-pass/ForgetPassPage';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/login/LoginPage';
import { ModifyPassPage } from '../features/modify-pass/ModifyPassPage';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';
import { PLACEHOLDERS, type PlaceholderInfo } from '../features/placeholders/placeholder-pages';
import { SectionLayout, type SectionLink } from '../features/placeholders/SectionLayout';
import { reportRoutes } from '../features/reports/report-routes';
import { ResetPassPage } from '../features/reset-pass/ResetPassPage';
import { SerialNumbersPage } from '../features/serial-numbers/SerialNumbersPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SignUpPage } from '../features/signup/SignUpPage';
import { TestResultsPage } from '../features/test-results/TestResultsPage';
import { RequireLogin } from './RequireLogin';
import { RootLayout } from './RootLayout';

function placeholder(path: string, info: PlaceholderInfo): RouteObject {
  return { path, element: <PlaceholderPage {...info} /> };
}

/** A section with a side menu whose bare path redirects to its first child (spec 2 section 2). */
function section(path: string, label: string, children: [string, PlaceholderInfo][]): RouteObject {
  const links: SectionLink[] = children.map(([child, info]) => ({
    label: info.title,
    to: `/${path}/${child}`,
  }));
  return {
    path,
    element: <SectionLayout label={label} links={links} />,
    children: [
      { index: true, element: <Navigate to={children[0]![0]} replace /> },
      ...children.map(([child, info]) => placeholder(child, info)),
    ],
  };
}

const P = PLACEHOLDERS;

/** The route table of spec 2 section 2, under the root layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireLogin />,
        children: [
          placeholder('product', P.product),
          { path: 'sn', element: <SerialNumbersPage /> },
          { path: 'tr', element: <TestResultsPage /> },
          reportRoutes,
          backOfficeRoutes,
          { path: 'Setting', element: <SettingsPage /> },
          { path: 'ModifyPass', element: <ModifyPassPage /> },
        ],
      },
      placeholder('download', P.download),
      placeholder('contact', P.contact),
      section('guide', 'Guides', [
        ['start', P.start],
        ['tutorials', P.tutorials],
        ['faq', P.faq],
      ]),
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignUpPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'ForgetPass', element: <ForgetPassPage /> },
      { path: 'ResetPass', element: <ResetPassPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
