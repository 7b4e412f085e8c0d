import type { Repositories } from '../db/repositories/index.server.ts';
import { createItemsService } from './items.server.ts';
import { createMediaService } from './media.server.ts';
import { createTaxonomyService } from './taxonomies.server.ts';
import type { MediaStore } from '../../features/media/storage.server.ts';

export type { Actor } from './actor.ts';
export { ContentError, isContentError } from './errors.ts';

/**
 * The write services of content: items (posts, pages, portfolio), media and taxonomies. The
 * runtime creates them once (runtime.content); an importer creates its own over the same
 * repositories, with a `contentChanged` that waits until the import ends.
 */
export interface ContentDeps {
  repos: Repositories;
  dataDir: string;
  /** where media files go (features/media/storage.server.ts; default: the local store in DATA_DIR) */
  mediaStore?: MediaStore;
  /** MEDIA_PUBLIC_URL, when the repositories answer media addresses below it */
  mediaPublicUrl?: string | undefined;
  contentChanged(keys?: readonly string[]): Promise<void>;
  /** called when something was scheduled or unscheduled (the scheduler re-reads its next time) */
  scheduleChanged?(): void;
  now?: () => Date;
}

export function createContentServices(deps: ContentDeps) {
  return {
    items: createItemsService(deps),
    media: createMediaService({ ...deps, ...(deps.mediaStore ? { store: deps.mediaStore } : {}) }),
    taxonomies: createTaxonomyService(deps),
  };
}
export type ContentServices = ReturnType<typeof createContentServices>;
