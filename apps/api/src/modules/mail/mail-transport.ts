import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inside the HTML (`<img src="cid:…">`) rather than listed as a file. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of a mail one may stop). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Open SMTP connections at most: also how many messages a mailing has in flight at once. */
export const SMTP_POOL_CONNECTIONS = 5;

/**
 * SMTP when `smtpUrl` is set. Otherwise each message becomes an `.eml` file under `mailDir`, so a new
 * installation can sign in by code without a mail server.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  logger: Logger;
}): MailTransport {
  if (options.smtpUrl) {
    // Pooled: a mailing of thousands (communications) reuses a few open connections instead of one each.
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
    });
    return {
      async send(mail) {
        await transporter.sendMail({ from: options.from, ...mail });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // Named by time, not by recipient: the log line says where, and logs carry no address nor name.
      const file = path.join(options.mailDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info({ file }, `e-mail written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
