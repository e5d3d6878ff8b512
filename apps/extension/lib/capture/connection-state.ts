import type { LinkedInProfile } from '@shared/schemas/linkedin';
import type { ConnectionState } from '@shared/extension';
import { clean } from './dom-text';

/**
 * What the profile's top card says about the user's connection with the member, read only (nothing is
 * ever clicked): `pending` when LinkedIn shows the invitation as pending (its "Pending" button, whose
 * label offers to withdraw it), `connected` for a 1st-degree member (the degree badge, or "Message" as
 * the card's primary action with no Connect next to it), `none` otherwise, `unknown` while no top card
 * is on screen. Only the top card counts: the "People also viewed" list shows other members' buttons.
 */
export function readConnectionState(doc: Document, degree: LinkedInProfile['connection_degree']): ConnectionState {
  const card = topCard(doc);
  if (!card) return 'unknown';
  if (degree === 'self') return 'none';
  const actions = Array.from(card.querySelectorAll('button, a[role="button"], a.artdeco-button'));
  const text = (el: Element) => clean(el.textContent).toLowerCase();
  const label = (el: Element) => clean(el.getAttribute('aria-label')).toLowerCase();
  const pending = actions.some((el) => text(el) === 'pending' || label(el).startsWith('pending') || /withdraw (?:the )?invitation/.test(label(el)));
  if (pending) return 'pending';
  if (degree === '1st') return 'connected';
  const connect = actions.some((el) => text(el) === 'connect' || /^invite .+ to connect$/.test(label(el)));
  const primaryMessage = actions.some(
    (el) => el.classList.contains('artdeco-button--primary') && (text(el) === 'message' || label(el).startsWith('message ')),
  );
  return primaryMessage && !connect ? 'connected' : 'none';
}

/** The section around the member's name (the first h1 in the main area). */
function topCard(doc: Document): Element | null {
  const scope = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!scope) return null;
  for (const h1 of scope.querySelectorAll('h1')) {
    if (!clean(h1.textContent)) continue;
    return h1.closest('section') ?? h1.parentElement;
  }
  return null;
}
