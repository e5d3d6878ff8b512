import { describe, expect, it } from 'vitest';
import { conversationOrder } from './conversation-order';

const at = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00Z`);
const msg = (id: number, messageId: string, sent: string, inReplyTo: string | null = null) => ({ id, messageId, inReplyTo, sentAt: at(sent) });
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

describe('conversationOrder', () => {
  it('keeps date order when the clocks agree', () => {
    const rows = [msg(1, '<a>', '09:00'), msg(2, '<b>', '09:30', '<a>'), msg(3, '<c>', '10:00', '<b>')];
    expect(ids(conversationOrder(rows))).toEqual([1, 2, 3]);
  });

  it('puts a reply dated before the email it answers (the sender’s clock behind) after that email', () => {
    // Our email at 09:00; their answer says 08:55; our follow-up to it at 09:10.
    const rows = [msg(2, '<reply>', '08:55', '<ours>'), msg(1, '<ours>', '09:00'), msg(3, '<follow>', '09:10', '<reply>')];
    expect(ids(conversationOrder(rows))).toEqual([1, 2, 3]);
  });

  it('carries the correction down a chain of answers, and leaves unrelated messages by date', () => {
    const rows = [msg(3, '<r2>', '08:50', '<r1>'), msg(2, '<r1>', '08:55', '<ours>'), msg(4, '<other>', '09:05'), msg(1, '<ours>', '09:00')];
    expect(ids(conversationOrder(rows))).toEqual([1, 2, 3, 4]);
  });

  it('survives an In-Reply-To loop and a reply to a message outside the thread', () => {
    const rows = [msg(1, '<x>', '09:00', '<y>'), msg(2, '<y>', '09:01', '<x>'), msg(3, '<z>', '08:00', '<not-here>')];
    expect(ids(conversationOrder(rows))).toEqual([3, 1, 2]);
  });
});
