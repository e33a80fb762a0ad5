import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The body of a mail as the API's outbox writes it (.eml, maybe quoted-printable). */
function body(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const text = raw.slice(split).trim();
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return text;
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The newest link to `pathname` in a mail to `to`, waiting up to 10 s for the mail. */
export async function mailedLink(outboxDir: string, to: string, pathname: string): Promise<URL> {
  const addressed = new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      // no mail yet
    }
    for (const file of files) {
      const raw = readFileSync(join(outboxDir, file), 'utf8');
      if (!addressed.test(raw)) continue;
      const link = body(raw)
        .match(/https?:\/\/[^\s"<>]+/g)
        ?.map((l) => new URL(l))
        .find((l) => l.pathname === pathname);
      if (link) return link;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`No mail to ${to} with a ${pathname} link in ${outboxDir}`);
}
