import { Navigate, type RouteObject } from 'react-router';
import { SectionLayout } from '../../app/SectionLayout';
import { AccountsPage } from './AccountsPage';
import { BillPage } from './BillPage';
import { UsagePage } from './UsagePage';

const PAGES = [
  { path: 'usage', label: 'Usage', element: <UsagePage /> },
  { path: 'bill', label: 'Bill', element: <BillPage /> },
  { path: 'accounts', label: 'Accounts', element: <AccountsPage /> },
];

/** /ht: the provider's back office with its side menu (docs/requirements/back-office-and-billing.md). */
export const backOfficeRoutes: RouteObject = {
  path: 'ht',
  element: (
    <SectionLayout label="Back office" links={PAGES.map((p) => ({ label: p.label, to: `/ht/${p.path}` }))} />
  ),
  children: [
    { index: true, element: <Navigate to="usage" replace /> },
    ...PAGES.map(({ path, element }) => ({ path, element })),
  ],
};
