import type { FastifyBaseLogger } from 'fastify';
import type { Mail } from '../../lib/mailer';
import type { Deps } from '../../lib/route';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * The one way every auth email leaves (confirmation, codes, reset, email change and its undo notice,
 * the "someone tried to sign up" notice). The SMTP round trip is not awaited: the request answers in
 * the same time whether or not a mail goes out, so the answer time does not tell which addresses
 * have accounts. A failed send is logged; the user can ask again.
 *
 * Integration point: to put auth emails on the durable queue, replace the send below with
 * `await enqueueMail(deps, mail)` (one line).
 */
export async function deliverAuthMail(deps: Deps, mail: Mail, log: Log): Promise<void> {
  void deps.mailer.send(mail).catch((err: unknown) => log.error({ err, to: mail.to }, 'sending an auth email failed'));
}
