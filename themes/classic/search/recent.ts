import { parseRecent, recentKey, type RecentSearch, type SearchSettings } from '../../../src/shared/search.ts';

/** Recent searches in localStorage; storage that is full, disabled or private just keeps nothing. */
export function loadRecent(settings: SearchSettings): RecentSearch[] {
  try {
    return parseRecent(localStorage.getItem(recentKey(settings)));
  } catch {
    return [];
  }
}

export function saveRecent(settings: SearchSettings, list: RecentSearch[]): void {
  try {
    localStorage.setItem(recentKey(settings), JSON.stringify(list));
  } catch {
    // storage unavailable: recent searches last for this page view only
  }
}
