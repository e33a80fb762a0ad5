/** One release of the command-line runner (docs/requirements/download-and-site.md#download-page, Download page; GET /versions). */
export interface Release {
  /** Semantic version, like 0.1.0. */
  no: string;
  /** 'YYYY-MM-DD' of the release. */
  date: string;
  notes: string[];
}
