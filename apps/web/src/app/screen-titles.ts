/**
 * The headings of the signed-in screens with a fixed one, for the screen and for its route, which
 * draws it while the login state is checked (lazyScreen). The reports' come with their kinds.
 */
export const SCREEN_TITLES = {
  sn: 'Serial Numbers',
  tr: 'Test Results',
  stations: 'Stations',
  instruments: 'Instruments',
  containment: 'Containment',
  history: 'History',
  alarms: 'SPC Alarms',
} as const;
