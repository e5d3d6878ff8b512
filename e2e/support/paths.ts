import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../../playwright.config';

export const TMP_DIR = path.resolve(fileURLToPath(new URL('../.tmp', import.meta.url)));
export const MAIL_DIR = path.join(TMP_DIR, 'mail');

/**
 * The mail servers the mailbox specs run, one pair of loopback ports per spec (the spec files run in
 * parallel workers), beside the product's and let through its address guard.
 */
export const MAIL_TEST_PORTS = {
  mailboxes: { smtp: E2E_PORT + 71, imap: E2E_PORT + 72 },
  campaigns: { smtp: E2E_PORT + 73, imap: E2E_PORT + 74 },
  outreach: { smtp: E2E_PORT + 75, imap: E2E_PORT + 76 },
  inbox: { smtp: E2E_PORT + 77, imap: E2E_PORT + 78 },
  live: { smtp: E2E_PORT + 79, imap: E2E_PORT + 80 },
  extensionTasks: { smtp: E2E_PORT + 81, imap: E2E_PORT + 82 },
  tasks: { smtp: E2E_PORT + 84, imap: E2E_PORT + 85 },
  integrations: { smtp: E2E_PORT + 87, imap: E2E_PORT + 88 },
  calendarCrm: { smtp: E2E_PORT + 89, imap: E2E_PORT + 90 },
};
export const MAIL_TEST_HOSTS = Object.values(MAIL_TEST_PORTS).flatMap(({ smtp, imap }) => [`localhost:${smtp}`, `localhost:${imap}`]);
/** The self-signed certificate those servers present (the product trusts it through NODE_EXTRA_CA_CERTS). */
export const MAIL_TEST_CA = path.resolve(fileURLToPath(new URL('../../apps/api/src/testing/fixtures/mail-test.crt', import.meta.url)));
