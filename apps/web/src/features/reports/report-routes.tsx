import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen';
import { SCREEN_TITLES } from '../../app/screen-titles';
import { SectionLayout } from '../../app/SectionLayout';
import { MEASUREMENT_SCREENS } from '../measurements/measurement-kinds';
import { REPORT_KINDS, type ReportKind } from './report-kinds';

/**
 * A daily report's screen, with chart.js, in a chunk of its own. A route's lazy (not React's
 * lazy under Suspense): the router asks for the chunk as it starts, beside the session's check,
 * where a Suspense boundary asked only once the guard had passed and the section had rendered,
 * a round trip later on a first load (issue 43).
 */
const reportScreen = (kind: ReportKind) =>
  lazyScreen(async () => {
    const { ReportScreen } = await import('./ReportScreen');
    return function KindReportScreen() {
      return <ReportScreen kind={kind} />;
    };
  }, kind.title);

/** The Measurements screens share one chunk with chart.js. */
const MEASUREMENT_COMPONENTS = {
  failures: 'FailuresScreen',
  capability: 'CapabilityScreen',
  control: 'ControlScreen',
} as const;

const measurementScreen = ({ path, title }: (typeof MEASUREMENT_SCREENS)[number]) =>
  lazyScreen(() => import('../measurements/screens').then((m) => m[MEASUREMENT_COMPONENTS[path]]), title);

/** SPC Alarms needs no chart: a small chunk of its own. */
const ALARMS = { path: 'alarms', title: SCREEN_TITLES.alarms };

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
    ...REPORT_KINDS.map((kind) => ({ path: kind.path, ...reportScreen(kind) })),
    ...MEASUREMENT_SCREENS.map((screen) => ({ path: screen.path, ...measurementScreen(screen) })),
    {
      path: ALARMS.path,
      ...lazyScreen(() => import('../spc/AlarmsScreen').then((m) => m.AlarmsScreen), SCREEN_TITLES.alarms),
    },
  ],
};
