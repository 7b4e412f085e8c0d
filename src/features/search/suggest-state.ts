import { SUGGEST_MIN_LENGTH, searchTerms, type Suggestion } from './query.ts';

/**
 * The header search's live suggestions as a reducer (an accessible combobox: the field, a listbox
 * of posts and a last option "See all results"). `active` is the option the arrow keys reached
 * (-1: the field itself); it runs over the posts and then "See all results".
 */
export interface SuggestState {
  query: string;
  items: Suggestion[];
  active: number;
  open: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export type SuggestAction =
  | { type: 'input'; query: string }
  | { type: 'loaded'; query: string; items: Suggestion[] }
  | { type: 'failed'; query: string }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'hover'; index: number }
  | { type: 'close' };

export const initialSuggest = (query = ''): SuggestState => ({ query, items: [], active: -1, open: false, status: 'idle' });

/** Whether a field's text is worth asking suggestions for. */
export const canSuggest = (query: string) => query.trim().length >= SUGGEST_MIN_LENGTH && searchTerms(query).length > 0;

/** How many options the open list holds: the posts and "See all results". */
export const optionCount = (s: SuggestState) => (s.open ? s.items.length + 1 : 0);

export function suggestReducer(s: SuggestState, a: SuggestAction): SuggestState {
  switch (a.type) {
    case 'input':
      if (a.query === s.query) return s;
      if (!canSuggest(a.query)) return initialSuggest(a.query);
      // the last answer stays on screen while the next one loads
      return { ...s, query: a.query, status: 'loading', active: -1 };
    case 'loaded':
      if (a.query !== s.query) return s;
      return { ...s, items: a.items, status: 'ready', open: true, active: -1 };
    case 'failed':
      if (a.query !== s.query) return s;
      return { ...s, items: [], status: 'error', open: false, active: -1 };
    case 'move': {
      if (!s.open) return s.status === 'ready' && canSuggest(s.query) ? { ...s, open: true, active: a.by > 0 ? 0 : s.items.length } : s;
      const count = optionCount(s);
      // from the last option down goes back to the field, and from the field up to the last option
      let next = s.active + a.by;
      if (next >= count) next = -1;
      if (next < -1) next = count - 1;
      return { ...s, active: next };
    }
    case 'hover':
      return s.open && a.index >= -1 && a.index < optionCount(s) ? { ...s, active: a.index } : s;
    case 'close':
      return s.open || s.active !== -1 ? { ...s, open: false, active: -1 } : s;
    default:
      return s;
  }
}
