import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** One year: what browsers and the HSTS preload list expect of a site that means it. */
const HSTS_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy the built web app satisfies (apps/web/e2e/csp.e2e-spec.ts loads
 * every screen in chromium and fails on a violation). The session token lives in session storage
 * (docs/requirements/errors-and-envelope.md#calls), so what keeps an injected script from reading it is this policy: scripts
 * only from our own origin, never inline. Styles may be inline: Mantine writes its CSS variables
 * and positions popovers through style attributes and <style> elements, and so does the
 * verification widget; an inline style cannot read the token. The widget solves its proof of
 * work in a Worker made from a blob: URL (altcha 3), hence worker-src blob:.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every reply (issue 16): the API's JSON, the run upload route, the web app
 * and its files. Mounted first in createApp, ahead of every route. HSTS only when users reach the
 * product over https (PUBLIC_URL): on plain http it would be ignored, and on a name later moved
 * to https too early it would lock browsers out of the http one.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: HSTS_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // cross-origin isolation would block the vendor's download link and buys us nothing
    crossOriginEmbedderPolicy: false,
  });
}
