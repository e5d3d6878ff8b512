import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { startHoodiecrow, startRecordingSmtpServer } from '../../apps/api/src/testing/mail-servers';
import { createReadyUser, expect } from './fixtures';

/** A time zone in which it is now around midday, so the working window (00:00–23:59) holds now. */
export function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export type Outreach = Awaited<ReturnType<typeof startOutreach>>;

/**
 * A ready user whose running campaign mails one prospect (`prospect`) from a mailbox on real loopback
 * SMTP and IMAP servers (STARTTLS SMTP, plain IMAP): what the inbox specs start from. `firstEmail()` waits
 * for the campaign's first email and `reply()` appends the prospect's answer to the mailbox's INBOX.
 */
export async function startOutreach(
  request: APIRequestContext,
  options: { label: string; ports: { smtp: number; imap: number }; mailbox: string; password: string; prospect: string; tag: string },
) {
  const { ports, mailbox: address, password, prospect, tag } = options;
  const smtp = await startRecordingSmtpServer({ security: 'starttls', port: ports.smtp, users: { [address]: password } });
  const imap = await startHoodiecrow({ port: ports.imap, users: { [address]: password } });
  const user = await createReadyUser(request, options.label);
  const headers = user.headers;
  const ok = async (res: APIResponse) => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  await ok(
    await request.put('/api/v1/auto_communication_settings', {
      headers,
      data: { time_zone: middayZone(), working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:59', daily_limit_email: 100, daily_limit_linkedin: 20, daily_limit_phone: 10, auto_reply: false, mode: 'autonomous' },
    }),
  );
  await ok(await request.put('/api/v1/compliance_settings', { headers, data: { compliance_footer: true, postal_address: 'Northwind Analytics GmbH, Hauptstraße 5, 10115 Berlin', gdpr_notice: false } }));
  const mailbox = await ok(
    await request.post('/api/v1/user_emails', {
      headers,
      data: {
        email: address, sender_name: 'Sam Carter', smtp_host: 'localhost', smtp_port: ports.smtp, smtp_security: 'starttls', smtp_username: address, smtp_password: password,
        imap_host: 'localhost', imap_port: ports.imap, imap_security: 'none', imap_username: address, imap_password: password, daily_limit: 40, hourly_limit: 10, min_gap_seconds: 0,
      },
    }),
  );
  const persona = await ok(await request.post('/api/v1/persons', { headers, data: { name: `${options.label} leaders ${tag}` } }));
  const upload = await request.post('/api/v1/upload', {
    headers,
    data: { file_name: 'ada.csv', content: `Name,First name,Email,Title,Company\nAda Lovelace,Ada,${prospect},CFO,Analytical Engines\n`, persona_id: persona.id, mapping: { Name: 'full_name', 'First name': 'first_name', Email: 'email', Title: 'title', Company: 'company' } },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const jobId = (await upload.json()).data.job_id as number;
  await expect.poll(async () => (await (await request.get(`/api/v1/import_jobs/${jobId}`, { headers })).json()).data.status, { timeout: 30_000 }).toBe('done');
  const employee = await ok(await request.post('/api/v1/virtual_employees', { headers, data: { name: 'Sam Carter', title: 'Account Executive', user_email_ids: [mailbox.id] } }));
  const campaign = await ok(await request.post('/api/v1/campaigns', { headers, data: { name: `${options.label} ${tag}`, person_id: persona.id, virtual_employee_ids: [employee.id], mode: 'autonomous' } }));
  await ok(await request.post(`/api/v1/campaigns/${campaign.id}/start`, { headers }));

  return {
    smtp,
    imap,
    user,
    /** The campaign's first email as the prospect received it. */
    async firstEmail(): Promise<ParsedMail> {
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(prospect)).length, { timeout: 90_000 }).toBe(1);
      return simpleParser(smtp.received.find((m) => m.to.includes(prospect))!.raw);
    },
    /** The prospect's answer to `sent`, appended to the mailbox's INBOX over IMAP (plain text and HTML). */
    async reply(sent: ParsedMail, text: string, html = `<p>${text}</p>`): Promise<void> {
      const client = new ImapFlow({ host: '127.0.0.1', port: ports.imap, secure: false, auth: { user: address, pass: password }, logger: false });
      await client.connect();
      await client.append(
        'INBOX',
        [
          `From: Ada Lovelace <${prospect}>`,
          `To: Sam Carter <${address}>`,
          `Subject: Re: ${sent.subject}`,
          `Message-ID: <reply.${tag}@engines.test>`,
          `In-Reply-To: ${sent.messageId}`,
          `References: ${sent.messageId}`,
          // A Date header has whole seconds: a reply written at once could read as older than the email it answers.
          `Date: ${new Date(Date.now() + 1000).toUTCString()}`,
          'MIME-Version: 1.0',
          `Content-Type: multipart/alternative; boundary="b-${tag}"`,
          '',
          `--b-${tag}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          text,
          '',
          `On ${sent.date?.toUTCString()}, Sam Carter <${address}> wrote:`,
          '> Hi Ada,',
          '> the original pitch',
          '',
          `--b-${tag}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          html,
          `<blockquote><p>Hi Ada,</p><p>the original pitch</p></blockquote>`,
          `--b-${tag}--`,
          '',
        ].join('\r\n'),
      );
      await client.logout();
    },
    // The product may still sit in IDLE on the IMAP server: its close ends those connections (testing/mail-servers.ts).
    close: () => Promise.all([smtp.close(), imap.close()]),
  };
}
