import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SectionLayout } from '../../app/SectionLayout';
import { MEASUREMENT_SCREENS, type MeasurementPath } from '../measurements/measurement-kinds';
import { REPORT_KINDS } from './report-kinds';

/** The report screens come with chart.js in their own chunk, on first visit: the first load stays small. */
const ReportScreen = lazy(() => import('./ReportScreen').then((m) => ({ default: m.ReportScreen })));

const measurementScreen = (name: 'FailuresScreen' | 'CapabilityScreen' | 'ControlScreen') =>
  lazy(() => import('../measurements/screens').then((m) => ({ default: m[name] })));

const MEASUREMENT_ELEMENTS: Record<MeasurementPath, LazyExoticComponent<ComponentType>> = {
  failures: measurementScreen('FailuresScreen'),
  capability: measurementScreen('CapabilityScreen'),
  control: measurementScreen('ControlScreen'),
};

/** SPC Alarms needs no chart: a small chunk of its own. */
const AlarmsScreen = lazy(() => import('../spc/AlarmsScreen').then((m) => ({ default: m.AlarmsScreen })));
const ALARMS = { path: 'alarms', title: 'SPC Alarms' };

const loading = <Loader aria-label="Loading" />;

/** /report: a side menu with the four daily reports (docs/requirements/reports.md) and the Measurements group (with SPC Alarms). */
export const reportRoutes: RouteObject = {
  path: 'report',
  element: (
    <SectionLayout
      label="Reports"
      links={REPORT_KINDS.map((k) => ({ label: k.title, to: `/report/${k.path}` }))}
      groups={[
        {
          label: 'Measurements',
          links: [...MEASUREMENT_SCREENS, ALARMS].map((m) => ({ label: m.title, to: `/report/${m.path}` })),
        },
      ]}
    />
  ),
  children: [
    { index: true, element: <Navigate to={REPORT_KINDS[0]!.path} replace /> },
    ...REPORT_KINDS.map((kind) => ({
      path: kind.path,
      element: (
        <Suspense fallback={loading}>
          <ReportScreen key={kind.path} kind={kind} />
        </Suspense>
      ),
    })),
    ...MEASUREMENT_SCREENS.map(({ path }) => {
      const Screen = MEASUREMENT_ELEMENTS[path];
      return {
        path,
        element: (
          <Suspense fallback={loading}>
            <Screen key={path} />
          </Suspense>
        ),
      };
    }),
    {
      path: ALARMS.path,
      element: (
        <Suspense fallback={loading}>
          <AlarmsScreen />
        </Suspense>
      ),
    },
  ],
};
