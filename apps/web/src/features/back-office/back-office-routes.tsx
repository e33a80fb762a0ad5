import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen';
import { SectionLayout } from '../../app/SectionLayout';

const PAGES = [
  { path: 'usage', label: 'Usage', screen: lazyScreen(() => import('./UsagePage').then((m) => m.UsagePage)) },
  { path: 'bill', label: 'Bill', screen: lazyScreen(() => import('./BillPage').then((m) => m.BillPage)) },
  {
    path: 'accounts',
    label: 'Accounts',
    screen: lazyScreen(() => import('./AccountsPage').then((m) => m.AccountsPage)),
  },
];

/** /ht: the provider's back office with its side menu (docs/requirements/back-office-and-billing.md). */
export const backOfficeRoutes: RouteObject = {
  path: 'ht',
  element: (
    <SectionLayout label="Back office" links={PAGES.map((p) => ({ label: p.label, to: `/ht/${p.path}` }))} />
  ),
  children: [
    { index: true, element: <Navigate to="usage" replace /> },
    ...PAGES.map(({ path, screen }) => ({ path, ...screen })),
  ],
};
