/** The wire shapes of the account export (docs/api/accounts.md). */

/** POST /user/export/link: a single-use link to the archive, valid for a minute. */
export interface ExportLink {
  url: string;
}

/** GET /user/export?code=: the code of a link. */
export interface ExportDownloadQuery {
  code: string;
}
