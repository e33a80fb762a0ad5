import type { ScreenTitle } from './lazy-screen';

/**
 * The headings of the signed-in screens with a fixed one, for the screen and for its route, which
 * draws it while the login state is checked (lazyScreen). The reports' come with their kinds.
 */
export const SCREEN_TITLES = {
  product: { text: 'Products', hidden: true },
  sn: { text: 'Serial Numbers' },
  tr: { text: 'Test Results' },
  stations: { text: 'Stations' },
  instruments: { text: 'Instruments' },
  containment: { text: 'Containment' },
  history: { text: 'History' },
  alarms: { text: 'SPC Alarms' },
} as const satisfies Record<string, ScreenTitle>;
