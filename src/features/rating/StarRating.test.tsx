// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { StarRating, type StarRatingProps } from './StarRating.tsx';
import { fakeThemeEndpoint, hydrateServerHtml } from '../../../tests/support/island.ts';

const labels = { group: 'Rating', rate: 'Rate {n} out of 5', summary: '{average} out of 5 from {people} votes', thanks: 'Thanks for rating!' };
const props = (over: Partial<StarRatingProps> = {}): StarRatingProps => ({ postId: 21, total: 51, people: 11, allow: true, labels, ...over });
const state = (id: number, s: { rated: boolean; total: number; people: number }) => ({
  success: true,
  data: { posts: { [id]: { liked: false, likes: 0, rated: s.rated, myRating: null, rating: { total: s.total, people: s.people, average: s.total / s.people } } } },
});
const text = () => document.querySelector('.star-rating__text')!;
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'masthead_rated=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

describe('StarRating island', () => {
  it('hydrates the read-only server markup without a mismatch, then becomes a radio group of 5 named stars', async () => {
    fakeThemeEndpoint(() => ({ success: false, data: {} }));
    const { container, errors } = await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 21 }) }]);
    expect(errors).toEqual([]);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['Rate 1 out of 5', 'Rate 2 out of 5', 'Rate 3 out of 5', 'Rate 4 out of 5', 'Rate 5 out of 5']);
    expect(group.parentElement?.style.width).toBe('77px');
    // 51 / 11 = 4.6 stars: 4.6 × 13 px + 4 × 3 px of 77 px
    expect(container.querySelector<HTMLElement>('.rateyo__rated')!.style.width).toMatch(/^93\.\d+%$/);
    expect(text().textContent).toBe('4.6 out of 5 from 11 votes');
  });

  it('arrow keys only preview; Enter votes once, shows the new average, turns read-only and moves focus to the summary', async () => {
    const calls = fakeThemeEndpoint((action) => (action === 'masthead_rateyo' ? { success: true, data: { total: 55, people: 12, average: 55 / 12 } } : { success: false, data: {} }));
    await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 22 }) }]);
    const second = screen.getByRole('radio', { name: 'Rate 2 out of 5' });
    await act(async () => {
      second.focus();
      key(second, 'ArrowRight');
      second.click(); // browsers fire a click when arrows check a radio
    });
    expect(calls.filter((c) => c.action === 'masthead_rateyo')).toHaveLength(0);
    expect(document.querySelector<HTMLElement>('.rateyo__rated')!.style.width).toBe('37.662%'); // 2 stars previewed: (2 × 13 + 3) / 77
    await act(async () => {
      key(screen.getByRole('radio', { name: 'Rate 4 out of 5' }), 'Enter');
    });
    expect(text().textContent).toBe('Thanks for rating! 4.6 out of 5 from 12 votes');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(document.querySelector('.star-rating')!.getAttribute('data-people')).toBe('12');
    expect(document.querySelector('.star-rating')!.getAttribute('data-allow')).toBe('0');
    await waitFor(() => expect(calls.filter((c) => c.action === 'masthead_rateyo')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'masthead_rateyo')!.fields).toMatchObject({ postid: '22', rating: '4', nonce: 'n0nce-for-tests' });
  });

  it('a click on a star votes at once', async () => {
    const calls = fakeThemeEndpoint(() => ({ success: true, data: {} }));
    await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 23, total: 0, people: 0 }) }]);
    await act(async () => screen.getByRole('radio', { name: 'Rate 5 out of 5' }).click());
    expect(text().textContent).toBe('Thanks for rating! 5 out of 5 from 1 votes');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    await waitFor(() => expect(calls.map((c) => c.action)).toContain('masthead_rateyo'));
  });

  it('stays read-only when ratings are closed', async () => {
    const calls = fakeThemeEndpoint(() => ({ success: false, data: {} }));
    const { errors } = await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 24, total: 22, people: 5, allow: false }) }]);
    expect(errors).toEqual([]);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(document.querySelector('.rateyo')!.hasAttribute('data-readonly')).toBe(true);
    expect(text().textContent).toBe('4.4 out of 5 from 5 votes');
    expect(calls.filter((c) => c.action === 'masthead_rateyo')).toHaveLength(0);
  });

  it('stays read-only when this browser already voted (the masthead_rated cookie)', async () => {
    document.cookie = 'masthead_rated=3.25; Path=/';
    fakeThemeEndpoint(() => ({ success: false, data: {} }));
    await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 25 }) }]);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it("turns read-only with fresh counts when the visitor's state says they voted", async () => {
    fakeThemeEndpoint((action) => (action === 'masthead_post_state' ? state(26, { rated: true, total: 60, people: 13 }) : { success: false, data: {} }));
    await hydrateServerHtml([{ name: 'rating', of: StarRating, props: props({ postId: 26 }) }]);
    await waitFor(() => expect(text().textContent).toBe('4.6 out of 5 from 13 votes'));
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(document.querySelector('.star-rating')!.getAttribute('data-total')).toBe('60');
  });
});
