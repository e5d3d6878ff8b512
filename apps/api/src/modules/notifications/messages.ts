import { isPaidPlan, type HolderConfig } from '@shared/brands';
import { NOTIFICATION_EVENT_LABELS, type NotificationEvent } from '@shared/schemas/notifications';
import type { Mail } from '../../lib/mailer';

/** What one event says, whatever the channel: a title, a line of detail, and where to look in the cabinet. */
export type NotificationMessage = { event: string; title: string; body: string; path: string | null };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Builds the message of an activity (its verb and payload; the prospect's name when there is one). */
export function messageFor(verb: string, payload: Record<string, unknown>, prospectName: string | null): NotificationMessage {
  const who = prospectName ?? str(payload.prospect_name) ?? str(payload.name);
  switch (verb as NotificationEvent) {
    case 'reply_received':
      return {
        event: verb,
        title: who ? `${who} replied` : 'A prospect replied',
        body: str(payload.subject) ? `Re: ${str(payload.subject)}` : str(payload.snippet) ?? 'Open the inbox to read the reply.',
        path: '/cabinet/inbox',
      };
    case 'reply_interested':
    case 'meeting_requested': {
      const threadId = num(payload.thread_id);
      return {
        event: verb,
        title: verb === 'reply_interested' ? (who ? `${who} is interested` : 'A prospect is interested') : who ? `${who} asked for a meeting` : 'A prospect asked for a meeting',
        body: str(payload.snippet) ?? (str(payload.subject) ? `Re: ${str(payload.subject)}` : 'Open the conversation to answer.'),
        path: threadId ? `/cabinet/chat/${threadId}` : '/cabinet/inbox',
      };
    }
    case 'meeting_booked': {
      const when = str(payload.starts_at) ?? str(payload.start_time);
      const reason = str(payload.reason);
      return {
        event: verb,
        title: who ? `Meeting booked with ${who}` : 'A meeting was booked',
        body: when ? `Starts ${when}.` : reason ? `${reason.replace(/[.\s]+$/, '')}. See it in your pipeline.` : 'See it in your pipeline.',
        path: '/cabinet/pipeline',
      };
    }
    case 'deal_won': {
      const company = str(payload.company);
      return {
        event: verb,
        title: who ? `Deal won: ${who}${company ? ` (${company})` : ''}` : 'A deal was won',
        body: 'The card moved to Won on your pipeline.',
        path: '/cabinet/pipeline',
      };
    }
    case 'prospect_added': {
      const count = num(payload.count) ?? 1;
      const search = str(payload.search_name);
      const fromSearch = str(payload.source) === 'linkedin_search';
      return {
        event: verb,
        title: count > 1 ? `${count} prospects were added` : who ? `${who} was added as a prospect` : 'A prospect was added',
        body: fromSearch ? `From your saved LinkedIn search${search ? ` “${search}”` : ''}.` : str(payload.source) === 'extension' ? 'Captured with the browser extension.' : 'Added to a persona.',
        path: '/business-information/personas',
      };
    }
    case 'import_finished': {
      const created = num(payload.created) ?? 0;
      const merged = num(payload.merged) ?? 0;
      const errors = num(payload.errors) ?? 0;
      return {
        event: verb,
        title: 'Import finished',
        body: `${created} created, ${merged} merged, ${errors} ${errors === 1 ? 'error' : 'errors'}.`,
        path: '/business-information/personas',
      };
    }
    case 'plan_changed': {
      const plan = str(payload.to) ?? str(payload.plan) ?? str(payload.tariff_plan);
      // A cancelled subscription (webhook: to "Not paid") is no occasion for thanks.
      const body = plan && !isPaidPlan(plan) ? 'Choose a plan to keep your agents working.' : 'Thank you for staying with us.';
      return { event: verb, title: plan ? `Your plan is now ${plan}` : 'Your plan changed', body, path: '/cabinet' };
    }
    case 'mailbox_paused':
    case 'mailbox_failing': {
      const email = str(payload.email) ?? 'A mailbox';
      const reason = str(payload.reason)?.replace(/[.\s]+$/, '');
      return {
        event: verb,
        title: verb === 'mailbox_paused' ? `${email} was paused` : `${email} stopped sending`,
        body: reason ? `${reason}. Nothing is sent from it until it is resumed.` : 'Nothing is sent from it until it is resumed.',
        path: '/cabinet/mailboxes',
      };
    }
    case 'mailbox_resumed': {
      const email = str(payload.email) ?? 'A mailbox';
      const reason = str(payload.reason)?.replace(/[.\s]+$/, '');
      return {
        event: verb,
        title: `${email} resumed sending`,
        body: reason ? `${reason}. It pauses again at once if the rule trips.` : 'It sends again.',
        path: '/cabinet/mailboxes',
      };
    }
    case 'bounce_rate_high': {
      const name = str(payload.campaign_name);
      if (payload.rule === 'complaints') {
        const paused = payload.paused === true;
        return {
          event: verb,
          title: name ? `${name}: spam complaints too high${paused ? ', campaign paused' : ''}` : `A campaign’s spam complaints are too high${paused ? ': it was paused' : ''}`,
          body: str(payload.reason) ?? 'Check who the campaign targets and how its first email reads before it sends more.',
          path: num(payload.campaign_id) ? `/cabinet/campaigns/${num(payload.campaign_id)}` : '/cabinet/campaigns',
        };
      }
      const bounced = num(payload.bounced) ?? 0;
      const sent = num(payload.sent) ?? 0;
      const days = num(payload.window_days);
      const paused = payload.paused === true;
      const share = sent > 0 ? `${Math.round((bounced / sent) * 1000) / 10}%` : null;
      return {
        event: verb,
        title: name ? `${name}: bounce rate too high${paused ? ', campaign paused' : ''}` : `A campaign’s bounce rate is too high${paused ? ': it was paused' : ''}`,
        body:
          `${bounced} of ${sent} emails${days ? ` in the last ${days} days` : ''} bounced${share ? ` (${share})` : ''}. ` +
          `Check the addresses of its persona before ${paused ? 'resuming it' : 'it sends more'}: a high bounce rate hurts your mailboxes’ reputation.`,
        path: num(payload.campaign_id) ? `/cabinet/campaigns/${num(payload.campaign_id)}` : '/cabinet/campaigns',
      };
    }
    case 'campaign_finished': {
      const name = str(payload.campaign_name);
      const sent = num(payload.sent);
      const enrolments = num(payload.enrolments);
      return {
        event: verb,
        title: name ? `${name} finished` : 'A campaign finished',
        body:
          sent !== null && enrolments !== null
            ? `Every sequence is done: ${sent} ${sent === 1 ? 'email' : 'emails'} sent to ${enrolments} ${enrolments === 1 ? 'prospect' : 'prospects'}.`
            : 'Every sequence is done.',
        path: num(payload.campaign_id) ? `/cabinet/campaigns/${num(payload.campaign_id)}` : '/cabinet/campaigns',
      };
    }
    case 'social_post_failed': {
      const name = str(payload.virtual_employee_name);
      const reason = str(payload.reason)?.replace(/[.\s]+$/, '');
      return {
        event: verb,
        title: name ? `${name}'s LinkedIn post could not be published` : 'A LinkedIn post could not be published',
        body: reason ? `${reason}.` : 'Open Brand awareness to see why and try again.',
        path: '/cabinet/brand-awareness',
      };
    }
    case 'social_profile_expired': {
      const name = str(payload.virtual_employee_name);
      return {
        event: verb,
        title: name ? `${name}'s LinkedIn connection expired` : 'A LinkedIn connection expired',
        body: `LinkedIn access expired or was revoked, so ${name ? `${name}'s` : 'its'} posts are paused. Reconnect LinkedIn in Brand awareness to publish again.`,
        path: '/cabinet/brand-awareness',
      };
    }
    case 'integration_needs_reconnect': {
      const label = str(payload.label) ?? 'An integration';
      const reason = str(payload.reason)?.replace(/[.\s]+$/, '');
      return {
        event: verb,
        title: `${label} needs to be reconnected`,
        body: `${reason ? `${reason}. ` : ''}Nothing is written to ${label} until you connect it again on the Integrations page.`,
        path: '/cabinet/integrations',
      };
    }
    case 'website_visited': {
      const company = str(payload.company_name);
      const pages = Array.isArray(payload.pages) ? (payload.pages as Array<{ title?: unknown; path?: unknown }>) : [];
      const read = pages.map((p) => str(p.title) ?? str(p.path)).filter((x): x is string => !!x).slice(0, 3);
      const byLink = payload.signal === 'personal_link';
      return {
        event: verb,
        title: byLink ? `${who ?? 'A prospect'} opened your website` : `${company ?? 'A prospect’s company'} visited your website`,
        body: [
          byLink ? 'Through their personal link.' : who ? `${who} is in a running sequence.` : '',
          read.length ? `Pages: ${read.join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        path: '/tracking',
      };
    }
    default:
      return { event: verb, title: NOTIFICATION_EVENT_LABELS[verb as NotificationEvent] ?? verb.replace(/_/g, ' '), body: '', path: null };
  }
}

export function testMessage(brand: HolderConfig): NotificationMessage {
  return {
    event: 'test',
    title: `Test notification from ${brand.company_name}`,
    body: 'Notifications reach you here. Choose which events notify you, and where, on the Notifications page.',
    path: '/cabinet/notifications',
  };
}

/** Slack's incoming-webhook format: `text` (the fallback and what other receivers read) plus blocks. */
export function slackPayload(brand: HolderConfig, m: NotificationMessage): { text: string; blocks: unknown[] } {
  const text = m.body ? `${m.title}: ${m.body}` : m.title;
  return {
    text: `[${brand.company_name}] ${text}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(m.title)}*${m.body ? `\n${escapeSlack(m.body)}` : ''}` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${escapeSlack(brand.company_name)} · ${m.event}` }] },
    ],
  };
}

/** Slack's three control characters in mrkdwn. */
const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function notificationMail(brand: HolderConfig, to: string, m: NotificationMessage): Mail {
  const lines = [m.title, ...(m.body ? [m.body] : [])];
  const text = [...lines, '', `You get this because of your notification settings in ${brand.company_name}.`, `— ${brand.company_name}`].join('\n');
  const html = [
    '<div style="font-family:sans-serif;font-size:15px;line-height:1.5">',
    `<p><strong>${escapeHtml(m.title)}</strong></p>`,
    m.body ? `<p>${escapeHtml(m.body)}</p>` : '',
    `<p style="color:#666">You get this because of your notification settings in ${escapeHtml(brand.company_name)}.<br>— ${escapeHtml(brand.company_name)}</p>`,
    '</div>',
  ].join('');
  return { from: { name: brand.company_name, address: brand.system_email }, to, subject: `[${brand.company_name}] ${m.title}`, text, html };
}
