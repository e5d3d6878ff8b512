import { describe, expect, it } from 'vitest';
import type { PipelineMove } from '@shared/schemas/pipeline';
import { ageOf, moveLine } from './move-line';

const NOW = new Date('2026-11-27T12:00:00Z');
const move = (over: Partial<PipelineMove>): PipelineMove => ({
  id: 1,
  from: 'interested',
  to: 'meeting_booked',
  actor: { type: 'system', id: null, name: null },
  source: 'reply',
  reason: 'Asked for a meeting',
  at: '2026-11-27T10:00:00Z',
  undone: false,
  ...over,
});

describe('a move as a line of the card', () => {
  it.each<[string, Partial<PipelineMove>, string]>([
    ['the agent', {}, 'Moved to Meeting booked by the agent 2 hours ago'],
    ['you', { actor: { type: 'user', id: 7, name: 'Alex Morgan' }, source: 'board', to: 'won' }, 'Moved to Won by you 2 hours ago'],
    ['a teammate', { actor: { type: 'user', id: 8, name: 'Sam Park' }, source: 'board', to: 'proposal' }, 'Moved to Proposal by Sam Park 2 hours ago'],
    ['a teammate without a name', { actor: { type: 'user', id: 9, name: null }, source: 'board' }, 'Moved to Meeting booked by a teammate 2 hours ago'],
    ['the opening', { from: null, to: 'interested' }, 'Opened in Interested by the agent 2 hours ago'],
    ['an undo', { actor: { type: 'user', id: 7, name: 'Alex Morgan' }, source: 'undo', from: 'won', to: 'interested', at: '2026-11-27T11:59:30Z' }, 'Moved back to Interested by you (undo) just now'],
  ])('%s', (_name, over, line) => {
    expect(moveLine(move(over), 7, NOW)).toBe(line);
  });
  it('says the age in days further back', () => {
    expect(ageOf('2026-11-24T12:00:00Z', NOW)).toBe('3 days ago');
  });
});
