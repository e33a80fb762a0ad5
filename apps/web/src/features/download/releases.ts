/** GET /version: one release of the runner (spec 2 section 3: no, date, notes). */
export interface Release {
  no: string;
  date: string;
  notes: string[];
}
