import { describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands';
import type { ProfileReply } from '@shared/extension';
import type { OutreachTask } from '@shared/schemas/outreach-tasks';
import { offersLinkedInTasks, popupBrand } from './brand';
import { heldBack, pageSuggestion, taskForPage, taskKindLabel } from './linkedin-tasks';

const task = (id: number, kind: OutreachTask['kind'], linkedin_url: string | null, status: OutreachTask['status'] = 'due'): OutreachTask => ({
  id,
  campaign_id: 1,
  campaign_name: 'Q3 CFOs',
  enrolment_id: id,
  step: 1,
  channel: 'linkedin',
  kind,
  status,
  due_at: null,
  wait_reason: null,
  prepared_text: 'Hi Lena, ...',
  outcome: null,
  note: null,
  done_at: null,
  prospect: { id, full_name: 'Lena Fischer', title: null, company: null, linkedin_url, phone: null, email: null },
  agent_call: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const onPage = (url: string): ProfileReply =>
  ({ status: 'ok', url, captured_at: '2026-01-01T00:00:00Z', profile: { profile_url: url.split('?')[0]! } }) as unknown as ProfileReply;

describe('the popup\'s LinkedIn tasks', () => {
  it('finds the due task of the profile on screen by its normalised address (case, tracking, sub-pages)', () => {
    const tasks = [task(1, 'message', 'https://www.linkedin.com/in/omar-haddad/'), task(2, 'connection_request', 'https://linkedin.com/in/Lena-Fischer-CFO')];
    expect(taskForPage(tasks, onPage('https://www.linkedin.com/in/lena-fischer-cfo/?miniProfileUrn=x'))?.id).toBe(2);
    expect(taskForPage(tasks, onPage('https://www.linkedin.com/in/lena-fischer-cfo/overlay/contact-info/'))?.id).toBe(2);
    expect(taskForPage(tasks, onPage('https://www.linkedin.com/in/someone-else/'))).toBeNull();
    expect(taskForPage(tasks, { status: 'no_profile', reason: 'loading' })).toBeNull();
    expect(taskForPage(tasks, null)).toBeNull();
    // A task no longer due (done elsewhere) is not offered again.
    expect(taskForPage([task(3, 'connection_request', 'https://www.linkedin.com/in/lena-fischer-cfo/', 'done')], onPage('https://www.linkedin.com/in/lena-fischer-cfo/'))).toBeNull();
  });

  it('offers to mark done only what the page shows as performed', () => {
    const invite = task(1, 'connection_request', null);
    expect(pageSuggestion(invite, 'pending')).toEqual({ kind: 'offer', text: 'LinkedIn shows your invitation as pending — mark done?' });
    expect(pageSuggestion(invite, 'connected')?.kind).toBe('offer');
    expect(pageSuggestion(invite, 'none')?.kind).toBe('hint');
    expect(pageSuggestion(invite, 'unknown')).toBeNull();
    expect(pageSuggestion(task(2, 'view_profile', null), undefined)?.kind).toBe('offer');
    // A message cannot be seen as sent on the profile: never an offer, a hint when it cannot be sent yet.
    expect(pageSuggestion(task(3, 'message', null), 'connected')).toBeNull();
    expect(pageSuggestion(task(3, 'follow_up', null), 'pending')?.kind).toBe('hint');
  });

  it('lists as waiting only what a limit or the working hours hold back, not what is simply due later', () => {
    const limited = { ...task(1, 'connection_request', null, 'waiting'), wait_reason: 'Weekly invitation limit reached (100 a week): waits until Mon 09:00' };
    const later = task(2, 'message', null, 'pending');
    const delayed = task(3, 'follow_up', null, 'waiting');
    expect(heldBack([limited, later, delayed]).map((t) => t.id)).toEqual([1]);
  });

  it('names the step kinds', () => {
    expect(['view_profile', 'connection_request', 'message', 'follow_up'].map((k) => taskKindLabel(k as OutreachTask['kind']))).toEqual([
      'View profile',
      'Connection request',
      'Message',
      'Follow-up',
    ]);
  });

  it('has no LinkedIn tasks section where the brand\'s LinkedIn flag is off', () => {
    expect(offersLinkedInTasks(getBrand(0))).toBe(true);
    const off = [4, 7, 9].map((id) => getBrand(id));
    expect(off.map(offersLinkedInTasks)).toEqual([false, false, false]);
    expect(popupBrand('4').holder_id).toBe(4);
    expect(popupBrand(undefined).holder_id).toBe(0);
  });
});
