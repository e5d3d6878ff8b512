import { describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands';
import { messageFor, notificationMail, slackPayload, testMessage } from './messages';

describe('notification messages', () => {
  it('says what each event is, from the activity payload as the features write it', () => {
    expect(messageFor('reply_received', { subject: 'Pricing' }, 'Dana Lee')).toEqual({ event: 'reply_received', title: 'Dana Lee replied', body: 'Re: Pricing', path: '/cabinet/inbox' });
    expect(messageFor('reply_received', {}, null).title).toBe('A prospect replied');
    // inbox/ingest.ts: { thread_id, subject, snippet, reply_status, source }
    expect(messageFor('reply_interested', { thread_id: 7, subject: 'Pricing', snippet: 'Yes, send the pricing.' }, 'Dana Lee')).toEqual({
      event: 'reply_interested',
      title: 'Dana Lee is interested',
      body: 'Yes, send the pricing.',
      path: '/cabinet/chat/7',
    });
    expect(messageFor('meeting_requested', { subject: 'Pricing' }, null)).toEqual({ event: 'meeting_requested', title: 'A prospect asked for a meeting', body: 'Re: Pricing', path: '/cabinet/inbox' });
    expect(messageFor('meeting_booked', { starts_at: '2026-03-02 10:00' }, 'Lee')).toMatchObject({ title: 'Meeting booked with Lee', body: 'Starts 2026-03-02 10:00.' });
    expect(messageFor('prospect_added', { source: 'extension' }, 'Toni')).toMatchObject({ title: 'Toni was added as a prospect', body: 'Captured with the browser extension.' });
    // imports/service.ts: { job_id, created, merged, errors }
    expect(messageFor('import_finished', { job_id: 'x', created: 950, merged: 30, errors: 1 }, null).body).toBe('950 created, 30 merged, 1 error.');
    // payments/service.ts: { from, to, checkout_session_id, via }
    expect(messageFor('plan_changed', { from: 'Trial', to: 'Growth' }, null).title).toBe('Your plan is now Growth');
    expect(messageFor('plan_changed', { from: 'Trial', to: 'Growth' }, null).body).toBe('Thank you for staying with us.');
    // payments webhook customer.subscription.deleted: { from, to: 'Not paid', subscription_id, via }
    expect(messageFor('plan_changed', { from: 'Growth', to: 'Not paid' }, null)).toMatchObject({ title: 'Your plan is now Not paid', body: 'Choose a plan to keep your agents working.' });
    // sending/smtp-send.ts: { user_email_id, email, reason, server_reply }
    expect(messageFor('mailbox_paused', { email: 'ann@acme.test', reason: 'The server refused our sender (5.7.1)' }, null)).toEqual({
      event: 'mailbox_paused',
      title: 'ann@acme.test was paused',
      body: 'The server refused our sender (5.7.1). Nothing is sent from it until it is resumed.',
      path: '/cabinet/mailboxes',
    });
    expect(messageFor('mailbox_failing', { email: 'ann@acme.test' }, null)).toMatchObject({ title: 'ann@acme.test stopped sending', path: '/cabinet/mailboxes' });
    // campaigns/lifecycle.ts: { campaign_id, campaign_name, bounced, sent, rate, window_days, paused }
    expect(messageFor('bounce_rate_high', { campaign_id: 7, campaign_name: 'Q3 VPs', bounced: 3, sent: 24, rate: 0.125, window_days: 7, paused: true }, null)).toEqual({
      event: 'bounce_rate_high',
      title: 'Q3 VPs: bounce rate too high, campaign paused',
      body: '3 of 24 emails in the last 7 days bounced (12.5%). Check the addresses of its persona before resuming it: a high bounce rate hurts your mailboxes’ reputation.',
      path: '/cabinet/campaigns/7',
    });
    // campaigns/lifecycle.ts: { campaign_id, campaign_name, enrolments, sent }
    expect(messageFor('campaign_finished', { campaign_id: 7, campaign_name: 'Q3 VPs', enrolments: 1, sent: 3 }, null)).toEqual({
      event: 'campaign_finished',
      title: 'Q3 VPs finished',
      body: 'Every sequence is done: 3 emails sent to 1 prospect.',
      path: '/cabinet/campaigns/7',
    });
    expect(messageFor('campaign_finished', {}, null)).toMatchObject({ title: 'A campaign finished', path: '/cabinet/campaigns' });
    // brand-awareness/publish.ts and planner.ts: { social_post_id, virtual_employee_id, virtual_employee_name, reason }
    expect(messageFor('social_post_failed', { social_post_id: 3, virtual_employee_id: 2, virtual_employee_name: 'Alex Rivers', reason: 'LinkedIn refused the post.' }, null)).toEqual({
      event: 'social_post_failed',
      title: "Alex Rivers's LinkedIn post could not be published",
      body: 'LinkedIn refused the post.',
      path: '/cabinet/brand-awareness',
    });
    expect(messageFor('social_profile_expired', { virtual_employee_id: 2, virtual_employee_name: 'Alex Rivers', reason: 'x' }, null)).toEqual({
      event: 'social_profile_expired',
      title: "Alex Rivers's LinkedIn connection expired",
      body: "LinkedIn access expired or was revoked, so Alex Rivers's posts are paused. Reconnect LinkedIn in Brand awareness to publish again.",
      path: '/cabinet/brand-awareness',
    });
    expect(messageFor('social_post_failed', {}, null)).toMatchObject({ title: 'A LinkedIn post could not be published', path: '/cabinet/brand-awareness' });
    expect(messageFor('offering_created', {}, null)).toMatchObject({ title: 'offering created', path: null });
  });

  it('the test message reads as plain English and names the brand', () => {
    const brand = getBrand(0);
    expect(testMessage(brand)).toEqual({
      event: 'test',
      title: `Test notification from ${brand.company_name}`,
      body: 'Notifications reach you here. Choose which events notify you, and where, on the Notifications page.',
      path: '/cabinet/notifications',
    });
  });

  it('builds Slack incoming-webhook JSON with escaped mrkdwn and the brand name', () => {
    const brand = getBrand(0);
    const payload = slackPayload(brand, { event: 'reply_received', title: '<b>Dana</b> & co replied', body: 'Re: x', path: null });
    expect(payload.text).toBe(`[${brand.company_name}] <b>Dana</b> & co replied: Re: x`);
    expect(payload.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*&lt;b&gt;Dana&lt;/b&gt; &amp; co replied*\nRe: x' } });
  });

  it('mails plain text and escaped HTML from the brand', () => {
    const brand = getBrand(3);
    const mail = notificationMail(brand, 'a@example.com', { event: 'test', title: 'Hi <script>', body: 'Body', path: null });
    expect(mail.from).toEqual({ name: brand.company_name, address: brand.system_email });
    expect(mail.subject).toBe(`[${brand.company_name}] Hi <script>`);
    expect(mail.text).toContain(`— ${brand.company_name}`);
    expect(mail.html).toContain('Hi &#60;script&#62;');
    expect(mail.html).not.toContain('<script>');
  });
});
