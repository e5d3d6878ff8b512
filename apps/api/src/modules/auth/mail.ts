import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { authMailSends } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import { enqueueMail } from '../../lib/jobs/email';
import type { Deps } from '../../lib/route';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * Per target address, at most config.authMail.perAddressMax auth emails in its window, counted in the
 * database so the ceiling holds across API processes. The attempt is recorded first and then counted
 * (own row included), so concurrent requests cannot all slip under the ceiling. Over it, the mail is
 * dropped silently: the HTTP answer stays the same (no enumeration, no signal to a flooder).
 */
async function underAddressCeiling(deps: Deps, address: string): Promise<boolean> {
  const { perAddressMax, windowMs } = deps.config.authMail;
  const to = address.toLowerCase();
  const since = new Date(Date.now() - windowMs);
  await deps.db.delete(authMailSends).where(and(eq(authMailSends.address, to), lte(authMailSends.sentAt, since)));
  await deps.db.insert(authMailSends).values({ address: to, sentAt: new Date() });
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(authMailSends)
    .where(and(eq(authMailSends.address, to), gt(authMailSends.sentAt, since)));
  return Number(row?.n ?? 0) <= perAddressMax;
}

/**
 * The one way every auth email leaves (confirmation, codes, reset, email change and its undo notice,
 * the "someone tried to sign up" notice, the phone code by email). It goes out as a job on the durable
 * queue: the request never waits for the SMTP round trip, so the answer time does not tell which
 * addresses have accounts, and a mail server that is down is retried with backoff instead of lost.
 */
export async function deliverAuthMail(deps: Deps, mail: Mail, log: Log, options: { securityNotice?: boolean } = {}): Promise<void> {
  // A security notice (an email change told to the old address, the reset link after an undo) is never
  // dropped: otherwise anyone could use up an address's budget with a few public requests and then
  // change its email unseen. Only signed-in, password-checked actions send these.
  if (!options.securityNotice && !(await underAddressCeiling(deps, mail.to))) {
    log.warn({ to: mail.to, subject: mail.subject }, 'auth email not sent: per-address ceiling reached');
    return;
  }
  await enqueueMail(deps, mail);
}
