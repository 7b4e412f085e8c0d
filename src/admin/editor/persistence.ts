import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ContentFields } from '../../features/content/fields.ts';
import type { ContentKind } from '../../features/content/status.ts';

/**
 * The copy of unsaved writing kept on this device (IndexedDB), written a moment after every
 * change and when the tab is hidden. It survives a reload, a crashed tab, a lost connection and an
 * expired session; the editor offers it back when it differs from what the server has. Keys name
 * the user, so a shared computer never offers one person's draft to another.
 */
export interface LocalDraft {
  fields: ContentFields;
  /** the item's revision the writing was based on (null: not saved yet) */
  baseRevision: number | null;
  savedAt: string;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore('masthead-admin', 'drafts'));
export const draftKey = (userId: number, kind: ContentKind, id: number | 'new') => `${userId}:${kind}:${id}`;

export async function readDraft(key: string): Promise<LocalDraft | null> {
  try {
    return ((await get(key, db())) as LocalDraft | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function writeDraft(key: string, draft: LocalDraft): Promise<boolean> {
  try {
    await set(key, draft, db());
    return true;
  } catch {
    return false;
  }
}

export async function dropDraft(key: string): Promise<void> {
  try {
    await del(key, db());
  } catch {
    /* nothing kept, nothing to drop */
  }
}

/** Same writing? (what a save would store: the fields with the body) */
export const sameFields = (a: ContentFields, b: ContentFields) => JSON.stringify(a) === JSON.stringify(b);
