import { Navigate, type RouteObject } from 'react-router';
import { SectionLayout } from '../../app/SectionLayout';
import { FaqPage, QuickStartPage, TutorialsPage } from './GuidePages';

const PAGES = [
  { path: 'start', label: 'Quick Start', element: <QuickStartPage /> },
  { path: 'tutorials', label: 'Tutorials', element: <TutorialsPage /> },
  { path: 'faq', label: 'FAQ', element: <FaqPage /> },
];

/** /guide: Quick Start, Tutorials and FAQ with a side menu (docs/requirements/download-and-site.md#guide-pages). */
export const guideRoutes: RouteObject = {
  path: 'guide',
  element: (
    <SectionLayout label="Guides" links={PAGES.map((p) => ({ label: p.label, to: `/guide/${p.path}` }))} />
  ),
  children: [
    { index: true, element: <Navigate to="start" replace /> },
    ...PAGES.map(({ path, element }) => ({ path, element })),
  ],
};
