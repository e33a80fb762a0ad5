import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SectionLayout } from '../../app/SectionLayout';
import { REPORT_KINDS } from './report-kinds';

/** The report screens come with chart.js in their own chunk, on first visit: the first load stays small. */
const ReportScreen = lazy(() => import('./ReportScreen').then((m) => ({ default: m.ReportScreen })));

/** /report: a side menu and the four daily reports (spec 2 section 2). */
export const reportRoutes: RouteObject = {
  path: 'report',
  element: (
    <SectionLayout
      label="Reports"
      links={REPORT_KINDS.map((k) => ({ label: k.title, to: `/report/${k.path}` }))}
    />
  ),
  children: [
    { index: true, element: <Navigate to={REPORT_KINDS[0]!.path} replace /> },
    ...REPORT_KINDS.map((kind) => ({
      path: kind.path,
      element: (
        <Suspense fallback={<Loader aria-label="Loading" />}>
          <ReportScreen key={kind.path} kind={kind} />
        </Suspense>
      ),
    })),
  ],
};
