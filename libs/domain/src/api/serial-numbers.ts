/** The query strings of the serial-number calls (docs/api/serial-numbers.md); query values arrive as text. */

/** GET /sn/history: one serial number of one product. */
export interface SnHistoryQuery {
  product_id: string;
  sn: string;
}
