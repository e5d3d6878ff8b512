import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SmtpConfig } from '../config';

export type Mail = { from: { name: string; address: string }; to: string; subject: string; text: string; html: string };

export type Mailer = { send(mail: Mail): Promise<void> };

/** Without SMTP the embedded default writes each mail (links and codes included) to the server log. */
export function logMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, `Email (no SMTP configured) to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function smtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send(mail) {
      const from = smtp.from ?? { name: mail.from.name, address: mail.from.address };
      await transport.sendMail({ ...mail, from });
    },
  };
}
