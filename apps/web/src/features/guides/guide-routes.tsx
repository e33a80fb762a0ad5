import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen';
import { SectionLayout } from '../../app/SectionLayout';

type GuidePage = 'QuickStartPage' | 'TutorialsPage' | 'FaqPage';

/** The three pages are one chunk, fetched when a guide first opens. */
const guidePage = (name: GuidePage) => lazyScreen(() => import('./GuidePages').then((m) => m[name]));

const PAGES = [
  { path: 'start', label: 'Quick Start', screen: guidePage('QuickStartPage') },
  { path: 'tutorials', label: 'Tutorials', screen: guidePage('TutorialsPage') },
  { path: 'faq', label: 'FAQ', screen: guidePage('FaqPage') },
];

/** /guide: Quick Start, Tutorials and FAQ with a side menu (docs/requirements/download-and-site.md#guide-pages). */
export const guideRoutes: RouteObject = {
  path: 'guide',
  element: (
    <SectionLayout label="Guides" links={PAGES.map((p) => ({ label: p.label, to: `/guide/${p.path}` }))} />
  ),
  children: [
    { index: true, element: <Navigate to="start" replace /> },
    ...PAGES.map(({ path, screen }) => ({ path, ...screen })),
  ],
};
