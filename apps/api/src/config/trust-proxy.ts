import { isIP } from 'node:net';

/**
 * Whose X-Forwarded-For the API believes (Express's 'trust proxy'), from TRUST_PROXY: a number of
 * proxy hops in front of the API, or addresses and CIDR ranges of the proxies, separated by
 * commas, where loopback, linklocal and uniquelocal name their usual ranges. The per-address
 * rate limits count the address this yields, so trusting too much lets a caller pick its own
 * address by sending the header, and trusting too little puts every caller behind a balancer on
 * one counter. `true` (trust anyone) is therefore refused.
 */
export type TrustProxy = number | string[];

export const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The parsed setting, or the message that names what is wrong with `raw`. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = raw?.trim();
  if (!text) return { value: DEFAULT_TRUST_PROXY };
  if (/^\d+$/.test(text) && Number(text) <= 10) return { value: Number(text) };
  const items = text.split(',').map((item) => item.trim());
  const wrong = items.find((item) => !isRange(item));
  if (wrong === undefined) return { value: items };
  return {
    error:
      `TRUST_PROXY must be a number of proxy hops (0 to 10), or proxy addresses and CIDR ranges ` +
      `separated by commas (loopback, linklocal and uniquelocal name theirs), not '${raw}'` +
      (wrong === text ? '' : ` ('${wrong}' is neither)`),
  };
}
