import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SmtpConfig } from '../config';

export type Mail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the recipient acts on, kept apart so the log mailer can show it plainly. */
  link?: string;
  code?: string;
};

export type Mailer = { send(mail: Mail): Promise<void> };

/** Without SMTP the embedded default writes each mail (links and codes included) to the server log. */
export function logMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      const parts = [`Email (no SMTP configured) to ${mail.to}: "${mail.subject}"`];
      if (mail.code) parts.push(`code ${mail.code}`);
      if (mail.link) parts.push(`link ${mail.link}`);
      log.info({ to: mail.to, subject: mail.subject, code: mail.code, link: mail.link, text: mail.text }, parts.join(' | '));
    },
  };
}

export function smtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send(mail) {
      const { to, subject, text, html } = mail;
      await transport.sendMail({ from: smtp.from ?? mail.from, to, subject, text, html });
    },
  };
}
