import { canManageUsers, canSeeSettings, isAdmin, type SessionUser } from '@sweepline/domain';

export interface NavItem {
  label: string;
  to: string;
  /** A menu of links instead of one link. */
  children?: NavItem[];
  /** The call to action of the header. */
  primary?: boolean;
}

const SIGNED_IN_LINKS: NavItem[] = [
  { label: 'Products', to: '/product' },
  { label: 'Serial Numbers', to: '/sn' },
  { label: 'Test Results', to: '/tr' },
  { label: 'Reports', to: '/report' },
];

/** Issue 25: the live floor, for every role of an account (the administrator has none). */
const STATIONS: NavItem = { label: 'Stations', to: '/stations' };

/** Issue 40: the instruments and their calibration, and the units they measured, for every role. */
const INSTRUMENTS: NavItem = { label: 'Instruments', to: '/instruments' };
const CONTAINMENT: NavItem = { label: 'Containment', to: '/containment' };

/** Issue 39: the audit trail, for the account's managers. */
const HISTORY: NavItem = { label: 'History', to: '/history' };

/** The spec's '{name}' link of the provider's area: ours is labelled Back Office. */
const BACK_OFFICE: NavItem = { label: 'Back Office', to: '/ht' };

const ALWAYS: NavItem[] = [
  {
    label: 'Guides',
    to: '/guide',
    children: [
      { label: 'Quick Start', to: '/guide/start' },
      { label: 'Tutorials', to: '/guide/tutorials' },
      { label: 'FAQ', to: '/guide/faq' },
    ],
  },
  { label: 'Download', to: '/download' },
  { label: 'Contact Us', to: '/contact' },
];

export const SIGNED_OUT_LINKS: NavItem[] = [
  { label: 'Log In', to: '/login' },
  { label: 'Sign Up for Free Trial', to: '/signup', primary: true },
];

/** The top navigation of docs/requirements/shell-and-navigation.md#top-navigation: signed-in links, the back office for role -1 only. */
export function mainLinks(user: SessionUser): NavItem[] {
  if (user.email === '') return ALWAYS;
  const floor = [STATIONS, INSTRUMENTS, CONTAINMENT];
  const accountLinks = canManageUsers(user.role) ? [...floor, HISTORY] : floor;
  return [...SIGNED_IN_LINKS, ...(isAdmin(user.role) ? [BACK_OFFICE] : accountLinks), ...ALWAYS];
}

/** The user menu's links: Settings only below role 1 (docs/requirements/roles.md); Log Out is an action. */
export function userMenuLinks(user: SessionUser): NavItem[] {
  return canSeeSettings(user.role) ? [{ label: 'Settings', to: '/Setting' }] : [];
}
