import { describe, expect, it } from 'vitest';
import { REPLY_STATUSES } from './inbox';
import { automaticMove, movePipelineProspectBodySchema, PIPELINE_STATUS_LABELS, PIPELINE_STATUSES, pipelineListQuerySchema, pipelineStatusForReply, type PipelineStatus } from './pipeline';

const at = (status: PipelineStatus, setByHand = false) => ({ status, setByHand });

describe('pipeline statuses', () => {
  it('are seven, in board order, each with a label', () => {
    expect(PIPELINE_STATUSES).toEqual(['new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost']);
    expect(PIPELINE_STATUSES.map((s) => PIPELINE_STATUS_LABELS[s])).toEqual(['New reply', 'Interested', 'Meeting booked', 'Proposal', 'Won', 'Not now', 'Lost']);
  });

  it('a person’s reply maps to a stage; automatic messages to none', () => {
    expect(Object.fromEntries(REPLY_STATUSES.map((s) => [s, pipelineStatusForReply(s)]))).toEqual({
      interested: 'interested',
      meeting_request: 'interested',
      not_now: 'not_now',
      not_interested: 'lost',
      wrong_person: 'new_reply',
      out_of_office: null,
      auto_reply: null,
      unsubscribe: 'lost',
      bounce: null,
      other: 'new_reply',
    });
  });
});

describe('automaticMove: facts only push forward, never past a stage the user chose', () => {
  it.each<[string, ReturnType<typeof at> | null, PipelineStatus, PipelineStatus | null]>([
    ['no card: opens at the target', null, 'interested', 'interested'],
    ['no card: a plain reply opens in new reply', null, 'new_reply', 'new_reply'],
    ['forward along the funnel', at('new_reply'), 'interested', 'interested'],
    ['forward past a stage set by hand', at('interested', true), 'meeting_booked', 'meeting_booked'],
    ['never backwards: interested after a meeting', at('meeting_booked'), 'interested', null],
    ['never out of won', at('won', true), 'interested', null],
    ['never out of won, even into lost', at('won'), 'lost', null],
    ['never out of proposal backwards', at('proposal', true), 'meeting_booked', null],
    ['a plain reply never moves a card', at('lost'), 'new_reply', null],
    ['same stage: nothing', at('interested'), 'interested', null],
    ['back from not now when interested', at('not_now', true), 'interested', 'interested'],
    ['back from lost (by the facts) when interested', at('lost'), 'meeting_booked', 'meeting_booked'],
    ['not back from lost set by hand', at('lost', true), 'interested', null],
    ['a no closes what the facts opened', at('interested'), 'lost', 'lost'],
    ['a no never closes a stage set by hand', at('meeting_booked', true), 'lost', null],
    ['not now parks what the facts put there', at('meeting_booked'), 'not_now', 'not_now'],
    ['not now never over a stage set by hand', at('proposal', true), 'not_now', null],
    ['lost to not now by the facts', at('lost'), 'not_now', 'not_now'],
  ])('%s', (_name, current, target, expected) => {
    expect(automaticMove(current, target)).toBe(expected);
  });
});

describe('pipeline payloads', () => {
  it('reads the list query (spec names pipeline_status and page) and refuses unknown ones', () => {
    expect(pipelineListQuerySchema.parse({ pipeline_status: 'won', page: '2' })).toEqual({ pipeline_status: 'won', page: 2, per_page: 20 });
    expect(pipelineListQuerySchema.safeParse({ pipeline_status: 'closed' }).success).toBe(false);
    expect(pipelineListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(pipelineListQuerySchema.safeParse({ status: 'won' }).success).toBe(false);
  });
  it('a move names a known stage', () => {
    expect(movePipelineProspectBodySchema.parse({ pipeline_status: 'proposal', reason: '  Sent the quote ' })).toEqual({ pipeline_status: 'proposal', reason: 'Sent the quote' });
    expect(movePipelineProspectBodySchema.safeParse({ pipeline_status: 'done' }).success).toBe(false);
    expect(movePipelineProspectBodySchema.safeParse({}).success).toBe(false);
  });
});
