/** An instrument's page: its certificates and latest calibrations. */
export const instrumentLink = (instrumentId: number) => `/instruments/${instrumentId}`;
