// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConnectionState } from './connection-state';
import { parseProfile } from './parse-profile';

const load = (name: string) =>
  new DOMParser().parseFromString(readFileSync(path.join(import.meta.dirname, '__fixtures__', `${name}.html`), 'utf8'), 'text/html');

/** The state as the watcher reads it: with the degree the profile parse found. */
function stateOf(doc: Document, url: string) {
  const result = parseProfile(doc, url);
  return readConnectionState(doc, result.kind === 'profile' ? result.profile.connection_degree : null);
}

describe('readConnectionState: what the top card shows, read only', () => {
  it('an invitation pending: the top card\'s "Pending" button (a pending invitation to someone in the sidebar does not count)', () => {
    const doc = load('pending-invitation');
    expect(stateOf(doc, 'https://www.linkedin.com/in/lena-fischer-cfo/')).toBe('pending');
    // Only the card decides: the same page without its Pending button is "neither", despite the sidebar's.
    doc.querySelector('main [aria-label^="Pending"]')!.remove();
    expect(stateOf(doc, 'https://www.linkedin.com/in/lena-fischer-cfo/')).toBe('none');
  });

  it('a connected member: 1st degree, or "Message" as the primary action with no Connect', () => {
    const doc = load('connected');
    expect(stateOf(doc, 'https://www.linkedin.com/in/omar-haddad-ops/')).toBe('connected');
    // Without the degree badge the primary Message still tells.
    doc.querySelector('.distance-badge')!.remove();
    expect(readConnectionState(doc, null)).toBe('connected');
    // A primary Message next to Connect (an open profile one may InMail) is not a connection.
    doc.querySelector('.pvs-profile-actions')!.insertAdjacentHTML('beforeend', '<button aria-label="Invite Omar Haddad to connect" class="artdeco-button artdeco-button--secondary"><span>Connect</span></button>');
    expect(readConnectionState(doc, null)).toBe('none');
  });

  it('other pages of the corpus: a 2nd-degree member with Connect is neither, a 1st-degree one connected, the own profile neither', () => {
    expect(stateOf(load('member-jsonld'), 'https://www.linkedin.com/in/jane-doe-4a2b1c/')).toBe('none');
    expect(stateOf(load('no-photo'), 'https://www.linkedin.com/in/tom-becker-81/')).toBe('connected');
    expect(readConnectionState(load('own-profile'), 'self')).toBe('none');
  });

  it('no top card yet (a skeleton): unknown', () => {
    expect(readConnectionState(load('loading'), null)).toBe('unknown');
  });

  it('never clicks or focuses anything on the page', () => {
    const doc = load('pending-invitation');
    const touched: string[] = [];
    for (const type of ['click', 'mousedown', 'pointerdown', 'focus', 'keydown']) doc.addEventListener(type, (e) => touched.push(e.type), true);
    stateOf(doc, 'https://www.linkedin.com/in/lena-fischer-cfo/');
    expect(touched).toEqual([]);
  });
});
