import { parseCookies } from '../consent/cookies.ts';
import { RATED_COOKIE, ratedIds } from './math.ts';

/** True when this browser's `masthead_rated` cookie (set by the server on a vote) lists the post. */
export function ratedInThisBrowser(postId: number, doc: Document = document): boolean {
  return ratedIds(parseCookies(doc.cookie)[RATED_COOKIE]).includes(postId);
}
