/** Pure like toggling (SPEC 4 "Like button"): liked → count + 1, unliked → count − 1 (never below 0). */
export interface LikeState {
  liked: boolean;
  count: number;
}

export function nextLike(s: LikeState): LikeState {
  const liked = !s.liked;
  return { liked, count: Math.max(0, s.count + (liked ? 1 : -1)) };
}

/**
 * What the server stores for a like call: '1' likes, '0' unlikes (idempotent, so a retried or
 * reordered call cannot flip the state twice); an empty or missing field toggles, as the reference.
 */
export function desiredLike(field: string | undefined, current: boolean): boolean {
  if (field === '1' || field === 'true') return true;
  if (field === '0' || field === 'false') return false;
  return !current;
}
