import type { FormDefinition } from '../contact-form/definition.ts';
import type { ContactFormState } from '../contact-form/types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { MediaMap } from '../media/types.ts';
import type { OutsidePlayer } from '../media/video.ts';

/** What block components need besides their own block. */
export interface RenderContext {
  t: Translate;
  locale: string;
  media: MediaMap;
  /** the outside video players the settings turn on (the others' videos are links) */
  players: readonly OutsidePlayer[];
  /** the post (or page) the blocks belong to */
  postId: number;
  postUrl: string;
  postTitle: string;
  /** rating state of the post (recipes show the stars) */
  rating?: { total: number; people: number; allow: boolean };
  /** contact forms used by the body, by id */
  forms?: Record<number, FormDefinition>;
  /** signed render time, quiz questions and the answer to a plain post of a form (contact-form) */
  formState?: ContactFormState;
}
