import { describe, expect, it } from 'vitest';
import { nextReplyStatus, REPLY_STATUS_INFO, REPLY_STATUS_LABELS, REPLY_STATUSES, replyStatusCorrectionSchema, type ReplyStatusState } from './inbox';

const rules = (reply_status: ReplyStatusState['reply_status']): ReplyStatusState => ({ reply_status, reply_status_source: 'rules' });
const ai = (reply_status: ReplyStatusState['reply_status']): ReplyStatusState => ({ reply_status, reply_status_source: 'ai' });
const user = (reply_status: ReplyStatusState['reply_status']): ReplyStatusState => ({ reply_status, reply_status_source: 'user' });

describe('reply statuses', () => {
  it('have a label and a meaning each', () => {
    for (const s of REPLY_STATUSES) {
      expect(REPLY_STATUS_INFO[s].label.length).toBeGreaterThan(0);
      expect(REPLY_STATUS_INFO[s].meaning.length).toBeGreaterThan(0);
      expect(REPLY_STATUS_LABELS[s]).toBe(REPLY_STATUS_INFO[s].label);
    }
  });
  it('a correction names a known status', () => {
    expect(replyStatusCorrectionSchema.safeParse({ reply_status: 'meeting_request' }).success).toBe(true);
    const bad = replyStatusCorrectionSchema.safeParse({ reply_status: 'hot' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('Reply status must be one of interested, meeting_request');
  });
});

describe('nextReplyStatus (the correction contract)', () => {
  it('a first classification is taken', () => {
    expect(nextReplyStatus(null, rules('interested'))).toEqual(rules('interested'));
  });
  it("a user's correction is never overwritten by the rules or the AI", () => {
    expect(nextReplyStatus(user('not_now'), rules('interested'))).toEqual(user('not_now'));
    expect(nextReplyStatus(user('not_now'), ai('meeting_request'))).toEqual(user('not_now'));
  });
  it('the user can correct again', () => {
    expect(nextReplyStatus(user('not_now'), user('interested'))).toEqual(user('interested'));
    expect(nextReplyStatus(ai('other'), user('interested'))).toEqual(user('interested'));
  });
  it("an automatic message does not replace a person's answer, but a newer answer does", () => {
    expect(nextReplyStatus(rules('interested'), rules('out_of_office'))).toEqual(rules('interested'));
    expect(nextReplyStatus(ai('meeting_request'), rules('bounce'))).toEqual(ai('meeting_request'));
    expect(nextReplyStatus(rules('out_of_office'), rules('interested'))).toEqual(rules('interested'));
    expect(nextReplyStatus(rules('interested'), ai('not_interested'))).toEqual(ai('not_interested'));
    expect(nextReplyStatus(rules('out_of_office'), rules('bounce'))).toEqual(rules('bounce'));
  });
});
