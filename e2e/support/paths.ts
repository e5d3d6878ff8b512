import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from '../../playwright.config';

export const TMP_DIR = path.resolve(fileURLToPath(new URL('../.tmp', import.meta.url)));
export const MAIL_DIR = path.join(TMP_DIR, 'mail');

/** e2e/mailboxes.spec.ts's SMTP (STARTTLS) and IMAP servers: ports beside the product's, let through its address guard. */
export const MAIL_TEST_PORTS = { smtp: E2E_PORT + 71, imap: E2E_PORT + 72 };
export const MAIL_TEST_HOSTS = [`localhost:${MAIL_TEST_PORTS.smtp}`, `localhost:${MAIL_TEST_PORTS.imap}`];
/** The self-signed certificate those servers present (the product trusts it through NODE_EXTRA_CA_CERTS). */
export const MAIL_TEST_CA = path.resolve(fileURLToPath(new URL('../../apps/api/src/testing/fixtures/mail-test.crt', import.meta.url)));
