import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail as the tests read it: from the outbox (.eml files) or from the test's SMTP server. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** A single-part text mail, as MailService writes it (nodemailer picks the transfer encoding). */
export function parseMail(raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return {
    to: header('To'),
    subject: header('Subject'),
    text: decodeBody(body, header('Content-Transfer-Encoding')).replace(/\r\n/g, '\n'),
  };
}

/** Every mail in the outbox, oldest first (file names start with the time of writing). */
export function outboxMails(outboxDir: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((f) => parseMail(readFileSync(join(outboxDir, f), 'utf8')));
}

/** The first link in `text` whose path starts with `pathPrefix` (e.g. '/activate'). */
export function linkIn(text: string, pathPrefix: string): string | undefined {
  return text.match(/https?:\/\/\S+/g)?.find((link) => new URL(link).pathname.startsWith(pathPrefix));
}

/** The newest outbox link to `pathPrefix`, for one recipient when `to` is given. */
export function latestLink(outboxDir: string, pathPrefix: string, to?: string): string | undefined {
  const mails = outboxMails(outboxDir).filter((m) => !to || m.to.toLowerCase().includes(to.toLowerCase()));
  for (const mail of mails.reverse()) {
    const link = linkIn(mail.text, pathPrefix);
    if (link) return link;
  }
  return undefined;
}

/** The email and code of an /activate or /ResetPass link, as the web page reads them. */
export function linkParams(link: string): { email: string; code: string } {
  const query = new URL(link).searchParams;
  return { email: query.get('email') ?? '', code: query.get('code') ?? '' };
}

export interface SmtpCatcher {
  /** SMTP_URL for the app: plain SMTP on loopback (no STARTTLS offered, none tried). */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received). */
  mailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server inside the test (smtp-server), collecting what it receives. `slowMs` delays
 * its greeting and its answer to each mail's data by that long, as a distant or busy mail server
 * answers: a request that waited for its mail would take twice that longer.
 */
export async function startSmtpServer(slowMs = 0): Promise<SmtpCatcher> {
  const mails: ReceivedMail[] = [];
  const later = (callback: () => void) => (slowMs ? setTimeout(callback, slowMs) : callback());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      later(() => callback());
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        later(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string) => mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    async mailTo(to, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) return mail;
        if (Date.now() > until) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
