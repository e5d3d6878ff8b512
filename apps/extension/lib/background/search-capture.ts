import type { SearchProgress, SearchProgressReply, SearchResultsMessage } from '@shared/extension';
import type { LinkedInSearch, LinkedInSearchResults, LinkedInSearchResultsBody } from '@shared/schemas/linkedin-searches';
import { parseLinkedInSearchUrl } from '@shared/schemas/linkedin-searches';
import type { SessionStore } from './deps';

/**
 * Saved LinkedIn searches, filled as the user pages through them: the content script reports the cards on
 * screen, this module finds the saved searches the tab's address belongs to and sends the API only the
 * profiles it has not sent yet in this browser session (the server dedupes too: one prospect per profile
 * URL in the account, and a re-send changes nothing). Progress lives in storage.session (the MV3 worker
 * stops when idle): `search-progress:<searchId>` per search, `search-tab:<tabId>` the searches a tab shows.
 */

/** The calls this needs; null when the extension is signed out. */
export type SearchApi = {
  list(): Promise<LinkedInSearch[]>;
  addResults(id: number, body: LinkedInSearchResultsBody): Promise<LinkedInSearchResults>;
};

export type SearchCaptureDeps = {
  session: SessionStore;
  searchApi: () => Promise<SearchApi | null>;
  now?: () => Date;
  /** How long the list of saved searches is trusted before it is asked again (ms). */
  listTtlMs?: number;
  /** Turns an API failure into the sentence the popup shows. */
  describeError?: (error: unknown) => string;
};

const LIST_KEY = 'linkedin-searches';
export const progressKey = (searchId: number) => `search-progress:${searchId}`;
export const tabSearchesKey = (tabId: number) => `search-tab:${tabId}`;

type CachedList = { at: number; searches: Array<Pick<LinkedInSearch, 'id' | 'name' | 'person_name' | 'url'>> };

function tally(progress: SearchProgress): SearchProgress {
  const outcomes = Object.values(progress.seen);
  const added = outcomes.filter((o) => o === 'added').length;
  return { ...progress, added, already_there: outcomes.length - added };
}

export function createSearchCapture(deps: SearchCaptureDeps) {
  const now = () => deps.now?.() ?? new Date();
  const ttl = deps.listTtlMs ?? 30_000;
  const describe = deps.describeError ?? ((e: unknown) => (e instanceof Error ? e.message : 'Could not save the results'));
  // One message at a time: the pages of a search must not read and write its progress concurrently.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  /**
   * The saved searches whose address is this one. The list is cached for `ttl`; a search saved in the
   * cabinet a moment ago is found too: an address that matches nothing asks again (at most every 5 s).
   */
  async function matching(api: SearchApi, key: string): Promise<CachedList['searches']> {
    const cached = (await deps.session.get(LIST_KEY))[LIST_KEY] as CachedList | undefined;
    const age = cached ? now().getTime() - cached.at : Infinity;
    const of = (list: CachedList['searches']) => list.filter((s) => parseLinkedInSearchUrl(s.url)?.key === key);
    if (cached && age < ttl) {
      const hits = of(cached.searches);
      if (hits.length > 0 || age < 5_000) return hits;
    }
    const searches = (await api.list()).map(({ id, name, person_name, url }) => ({ id, name, person_name, url }));
    await deps.session.set({ [LIST_KEY]: { at: now().getTime(), searches } satisfies CachedList });
    return of(searches);
  }

  async function handle(tabId: number, message: SearchResultsMessage): Promise<void> {
    const key = parseLinkedInSearchUrl(message.url)?.key;
    const api = await deps.searchApi();
    if (!key || !api) {
      await deps.session.remove(tabSearchesKey(tabId));
      return;
    }
    let matches: CachedList['searches'];
    try {
      matches = await matching(api, key);
    } catch {
      return;
    }
    await deps.session.set({ [tabSearchesKey(tabId)]: matches.map((s) => s.id) });
    for (const search of matches) {
      const stored = (await deps.session.get(progressKey(search.id)))[progressKey(search.id)] as SearchProgress | undefined;
      let progress: SearchProgress = {
        search_id: search.id,
        name: search.name,
        person_name: search.person_name,
        added: 0,
        already_there: 0,
        seen: {},
        ...stored,
        page: message.page,
        state: 'saved',
        error: null,
        updated_at: now().toISOString(),
      };
      const fresh = message.cards.filter((c) => !progress.seen[c.profile_url]);
      if (fresh.length > 0) {
        await deps.session.set({ [progressKey(search.id)]: { ...progress, state: 'saving' } });
        try {
          const answer = await api.addResults(search.id, { page: message.page, results: fresh });
          const seen = { ...progress.seen };
          for (const o of answer.outcomes) seen[o.profile_url] = o.outcome;
          progress = { ...progress, seen, name: answer.search.name, person_name: answer.search.person_name };
        } catch (error) {
          progress = { ...progress, state: 'error', error: describe(error) };
        }
      }
      await deps.session.set({ [progressKey(search.id)]: tally(progress) });
    }
  }

  return {
    /** The content script's report of the cards on screen. */
    handleResults: (tabId: number, message: SearchResultsMessage) => serial(() => handle(tabId, message)),

    /** The popup's question: the saved searches open in that tab and how far they got. */
    async progress(tabId: number): Promise<SearchProgressReply> {
      const ids = ((await deps.session.get(tabSearchesKey(tabId)))[tabSearchesKey(tabId)] as number[] | undefined) ?? [];
      if (ids.length === 0) return { status: 'ok', searches: [] };
      const items = await deps.session.get(ids.map(progressKey));
      const searches = ids
        .map((id) => items[progressKey(id)] as SearchProgress | undefined)
        .filter((p): p is SearchProgress => p !== undefined)
        .map(({ seen: _seen, ...rest }) => rest);
      return { status: 'ok', searches };
    },

    /** The tab closed or left LinkedIn. */
    forgetTab: (tabId: number) => deps.session.remove(tabSearchesKey(tabId)),

    /** A saved search was just added in the cabinet: the next report asks for the list again. */
    refreshList: () => deps.session.remove(LIST_KEY),
  };
}

export type SearchCapture = ReturnType<typeof createSearchCapture>;
