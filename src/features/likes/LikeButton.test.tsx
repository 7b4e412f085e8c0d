// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { LikeButton, type LikeButtonProps } from './LikeButton.tsx';
import { fakeThemeEndpoint, hydrateServerHtml } from '../../../tests/support/island.ts';

const labels = { like: 'Like', unlike: 'Unlike' };
const props = (over: Partial<LikeButtonProps> = {}): LikeButtonProps => ({ postId: 7, count: 3, ...labels, ...over });

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('LikeButton island', () => {
  it('hydrates the server markup without a mismatch and shows the visitor\'s own state', async () => {
    const calls = fakeThemeEndpoint((action) => (action === 'masthead_post_state' ? { success: true, data: { posts: { 7: { liked: true, likes: 9, rated: false, myRating: null, rating: { total: 0, people: 0, average: 0 } } } } } : { success: false, data: {} }));
    const { errors } = await hydrateServerHtml([{ name: 'like', of: LikeButton, props: props({ postId: 7 }) }]);
    expect(errors).toEqual([]);
    const button = await screen.findByRole('button', { name: 'Unlike' });
    expect(button).toHaveProperty('title', 'Unlike');
    expect(button.getAttribute('aria-describedby')).toBe('like-count-7-header');
    expect(document.getElementById('like-count-7-header')?.textContent).toBe('9');
    expect(calls.map((c) => c.action)).toEqual(['masthead_post_state']);
  });

  it('its name is the label only; the count is outside the button (WCAG 2.5.3)', async () => {
    fakeThemeEndpoint(() => ({ success: false, data: {} }));
    await hydrateServerHtml([{ name: 'like', of: LikeButton, props: props({ postId: 8, count: 12 }) }]);
    const button = screen.getByRole('button', { name: 'Like' });
    expect(button.textContent).toBe('');
    expect(button.parentElement?.querySelector('.like-button__count')?.textContent).toBe('12');
  });

  it('toggles at once on every button of the post and applies the answer of the last call', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const calls = fakeThemeEndpoint(async (action, fields) => {
      if (action === 'masthead_post_state') return { success: false, data: {} };
      await held;
      return { success: true, data: { liked: fields.masthead_post_like === '1', count: 5 } };
    });
    await hydrateServerHtml([
      { name: 'like', of: LikeButton, props: props({ postId: 9, count: 4 }) },
      { name: 'like', of: LikeButton, props: props({ postId: 9, count: 4, variant: 'footer' }) },
    ]);
    const [header] = screen.getAllByRole('button', { name: 'Like' });
    await act(async () => header!.click());
    expect(screen.getAllByRole('button', { name: 'Unlike' })).toHaveLength(2);
    expect(document.getElementById('like-count-9-footer')?.textContent).toBe('5');
    await act(async () => release());
    await waitFor(() => expect(calls.filter((c) => c.action === 'masthead-post-like')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'masthead-post-like')?.fields).toMatchObject({ post_id: '9', masthead_post_like: '1', nonce: 'n0nce-for-tests' });
    await waitFor(() => expect(document.getElementById('like-count-9-header')?.textContent).toBe('5'));
    expect(screen.getAllByRole('button', { name: 'Unlike' })).toHaveLength(2);
  });
});
