/**
 * Star rating on posts (NOTES "Star rating"): the server's stars become an accessible radio group
 * while the visitor may vote. A vote shows the new average (total + rating) / (people + 1) at once,
 * makes the widget read-only and is sent as `masthead_rateyo` {nonce, postid, rating}; the answer
 * is not waited for. Read-only from the start when `data-allow` is '0', when the `masthead_rated`
 * cookie lists the post, or when the visitor's state (uncached call) says they already voted.
 */
import { themeCall } from '../../ui/client/theme-call.ts';
import { postState } from '../engagement/state.ts';
import { rateyo, type RateYo } from './rateyo.ts';
import { RATED_COOKIE, afterVote, average, ratedIds } from './math.ts';

export const RATE_ACTION = 'masthead_rateyo';

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

function cookie(name: string): string {
  const hit = document.cookie.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  try {
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
  } catch {
    return '';
  }
}

/** Turns one server-rendered `.star-rating` into the widget. */
export function initRating(root: HTMLElement): void {
  const id = Number(root.dataset.postid);
  const stars = root.querySelector<HTMLElement>('.rateyo');
  const text = root.querySelector<HTMLElement>('.star-rating__text');
  if (!id || !stars || !text) return;
  const d = root.dataset;
  let total = Number(d.total) || 0;
  let people = Number(d.people) || 0;
  let voted = false;
  let quiet = false;

  const render = (message = '') => {
    const avg = average(total, people);
    d.total = String(total);
    d.people = String(people);
    d.rate = String(avg);
    const summary = fill(d.labelSummary ?? '{average} / 5 ({people})', { average: avg, people });
    text.textContent = message ? `${message} ${summary}` : summary;
  };
  const show = (value: number) => {
    quiet = true;
    try {
      widget.rating(value);
    } finally {
      quiet = false;
    }
  };

  const vote = (rating: number) => {
    if (quiet || voted) return;
    voted = true;
    ({ total, people } = afterVote(total, people, rating));
    const hadFocus = root.contains(document.activeElement);
    render(d.labelThanks ?? '');
    widget.option('readOnly', true);
    if (hadFocus) text.focus();
    d.allow = '0';
    void themeCall(RATE_ACTION, { postid: String(id), rating: String(rating) }, { visitor: true }).catch(() => undefined);
  };

  const readOnly = d.allow === '0' || ratedIds(cookie(RATED_COOKIE)).includes(id);
  const widget = rateyo(stars, {
    rating: Math.min(5, average(total, people)),
    readOnly,
    groupLabel: d.labelGroup ?? 'Rating',
    starLabel: d.labelRate ?? 'Rate {n} out of 5',
    onSet: (rating: number) => vote(rating),
  }) as RateYo;

  void postState(id).then((s) => {
    if (!s || voted) return;
    total = s.rating.total;
    people = s.rating.people;
    show(Math.min(5, average(total, people)));
    render();
    if (s.rated) {
      d.allow = '0';
      widget.option('readOnly', true);
    }
  });
}
