import { expect } from 'vitest';
import type { CreateUserEmailBody, UserEmail } from '@shared/schemas/user-emails';
import { v1, type AuthHeaders, type TestApp } from './harness';

/**
 * Connects ada@good.example through POST user_emails (its live connection test included) against the
 * loopback test servers: SMTP with STARTTLS on `ports.smtp`, IMAP without TLS on `ports.imap`, both
 * taking sender@example.com / right-password. `limits` overrides the daily 40, hourly 10, gap 60 s.
 */
export async function connectLoopbackMailbox(
  t: TestApp,
  headers: AuthHeaders,
  ports: { smtp: number; imap: number },
  limits: Partial<Pick<CreateUserEmailBody, 'daily_limit' | 'hourly_limit' | 'min_gap_seconds'>> = {},
): Promise<UserEmail> {
  const res = await t.app.inject({
    method: 'POST',
    url: v1('/user_emails'),
    headers,
    payload: {
      email: 'ada@good.example',
      sender_name: 'Ada Sender',
      smtp_host: 'localhost',
      smtp_port: ports.smtp,
      smtp_security: 'starttls',
      smtp_username: 'sender@example.com',
      smtp_password: 'right-password',
      imap_host: '127.0.0.1',
      imap_port: ports.imap,
      imap_security: 'none',
      imap_username: 'sender@example.com',
      imap_password: 'right-password',
      daily_limit: 40,
      hourly_limit: 10,
      min_gap_seconds: 60,
      ...limits,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserEmail }>().data;
}
