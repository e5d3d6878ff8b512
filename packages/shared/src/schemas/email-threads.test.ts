import { describe, expect, it } from 'vitest';
import { emailThreadListQuerySchema, sendReplyBodySchema } from './email-threads';

const query = (filters: unknown) => emailThreadListQuerySchema.safeParse({ filters: JSON.stringify(filters) });

describe('the inbox list query', () => {
  it('takes one value or a list for each list filter, and true/false as JSON or words', () => {
    const parsed = emailThreadListQuerySchema.parse({
      page: '2',
      filters: JSON.stringify({ by_campaign: 5, by_persons: [1, 2], by_source: 'import', by_unread: 'true', by_starred: false, by_reply_statuses: 'interested' }),
    });
    expect(parsed).toMatchObject({ page: 2, per_page: 25, sort: 'last_message_at', sort_direction: 'desc' });
    expect(parsed.filters).toEqual({ by_campaign: [5], by_persons: [1, 2], by_source: ['import'], by_unread: true, by_starred: false, by_reply_statuses: ['interested'] });
  });

  it('accepts dates and date-times, and refuses what is not one', () => {
    expect(query({ by_date: { from: '2026-10-01', to: '2026-10-31T23:59:59Z' } }).success).toBe(true);
    expect(query({ by_date: { from: '2028-02-29', to: '2026-10-31T23:59:59+02:00' } }).success).toBe(true);
    for (const bad of ['2026-02-30', '2026-02-29', '2026-04-31T10:00:00Z', '2026-13-01', 'yesterday', '']) expect(query({ by_date: { from: bad } }).success, bad).toBe(false);
  });

  it('refuses unknown filters, unknown statuses and channels, and filters that are not a JSON object', () => {
    expect(query({ by_mood: 'happy' }).success).toBe(false);
    expect(query({ by_reply_status: 'ecstatic' }).success).toBe(false);
    expect(query({ by_channels: ['fax'] }).success).toBe(false);
    expect(emailThreadListQuerySchema.safeParse({ filters: '[]' }).success).toBe(false);
    expect(emailThreadListQuerySchema.safeParse({ filters: '{' }).success).toBe(false);
    expect(emailThreadListQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
  });
});

describe('an answer from the inbox', () => {
  it('needs words, as text or HTML', () => {
    expect(sendReplyBodySchema.safeParse({ body: 'Thanks!' }).success).toBe(true);
    expect(sendReplyBodySchema.safeParse({ body: '<p>Thanks!</p>' }).success).toBe(true);
    for (const body of ['', '   ', '<p></p>', '<p>&nbsp;</p>']) expect(sendReplyBodySchema.safeParse({ body }).success, body).toBe(false);
  });
});
