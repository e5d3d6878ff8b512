import { z } from 'zod';
import { text } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import type { Mail } from '../mailer';
import type { Deps } from '../route';
import { defineJob } from './queue';

const mailSchema = z.object({
  from: z.object({ name: text(), address: text() }),
  to: text().min(1),
  subject: text(),
  text: text(),
  html: text(),
  link: text().optional(),
  code: text().optional(),
});

/** One email through the configured mailer, retried with backoff (an SMTP server that is briefly down). */
export const emailJob = defineJob<Mail, Deps>({
  name: 'email',
  payload: mailSchema,
  // A mail already written: it goes to its address and touches no account's rows.
  scope: { system: 'sends a composed mail' },
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 4,
  handler: async (deps, mail) => {
    await deps.mailer.send(mail);
  },
});

/**
 * Sends an email after the response, durably: the request answers in the same time whatever the mail
 * server does, and a crash between enqueue and send loses nothing. Pass `tx` to send it only if that
 * transaction commits; `key` makes a repeat (a retried request) a no-op.
 */
export function enqueueMail(deps: Pick<Deps, 'jobs'>, mail: Mail, options: { tx?: Db; key?: string } = {}): Promise<string | null> {
  return deps.jobs.send(emailJob, mail, options);
}
