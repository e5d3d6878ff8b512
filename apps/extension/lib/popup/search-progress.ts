import type { SearchProgress } from '@shared/extension';

/** The popup's line for a saved search being filled: "Saved search vp sales: 37 added, 4 already there, page 3". */
export function searchProgressText(p: Pick<SearchProgress, 'name' | 'added' | 'already_there' | 'page'>): string {
  return `Saved search ${p.name}: ${p.added} added, ${p.already_there} already there, page ${p.page}`;
}
