// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { AuthorBox, type AuthorBoxProps } from './AuthorBox.tsx';
import { ShareButtons, type ShareButtonsProps } from './ShareButtons.tsx';
import { RelatedPopup } from './RelatedPopup.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const author: AuthorBoxProps = {
  postId: 4,
  author: { id: 1, slug: 'ada', displayName: 'Ada', bio: 'Writes.', avatar: null },
  latest: [{ id: 9, url: '/nine/', title: 'Nine' }],
  labels: { tabs: 'Author', about: 'About the author', latest: 'Latest posts', allPosts: 'All posts by Ada' },
};

describe('AuthorBox island', () => {
  it('hydrates with the first panel; arrows, Home and End move and activate (wrapping)', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'author-box', of: AuthorBox, props: author }]);
    expect(errors).toEqual([]);
    const about = screen.getByRole('tab', { name: 'About the author' });
    const latest = screen.getByRole('tab', { name: 'Latest posts' });
    expect(about.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').id).toBe('author-4-about');
    about.focus();
    await act(async () => fireEvent.keyDown(about, { key: 'ArrowRight' }));
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(latest);
    expect(latest.tabIndex).toBe(0);
    expect(about.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel').id).toBe('author-4-latest');
    await act(async () => fireEvent.keyDown(latest, { key: 'ArrowRight' }));
    expect(about.getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.keyDown(about, { key: 'End' }));
    expect(latest.getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.keyDown(latest, { key: 'Home' }));
    expect(about.getAttribute('aria-selected')).toBe('true');
  });
});

describe('ShareButtons island', () => {
  const props: ShareButtonsProps = { postId: 5, url: 'https://example.test/five/', title: 'Five', labels: { share: 'Share', shareOn: 'Share on {network}', copyLink: 'Copy link', copied: 'Link copied', copyFailed: 'Copy failed' } };

  it('hydrates as plain links plus copy link; copying says "Link copied"', async () => {
    const writes: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => void writes.push(t) } });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
    const { errors } = await hydrateServerHtml([{ name: 'share', of: ShareButtons, props }]);
    expect(errors).toEqual([]);
    expect(screen.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toBe('https://x.com/intent/post?url=https%3A%2F%2Fexample.test%2Ffive%2F&text=Five');
    await act(async () => screen.getByRole('button', { name: 'Copy link' }).click());
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(writes).toEqual(['https://example.test/five/']);
    expect(screen.getByRole('status').textContent).toBe('Link copied');
  });
});

describe('RelatedPopup island', () => {
  it('hydrates as a closed manual popover, as the server rendered it', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'related-popup', of: RelatedPopup, props: { postId: 6, posts: [{ id: 1, url: '/one/', title: 'One' }], labels: { title: 'Read next', close: 'Close' } } }]);
    expect(errors).toEqual([]);
    const dialog = document.getElementById('related-popup-6')!;
    expect(dialog.getAttribute('popover')).toBe('manual');
    expect(dialog.getAttribute('aria-labelledby')).toBe('related-popup-6-title');
  });
});

describe('related-popup store', () => {
  it('shows a popup once; after one is closed none shows again', async () => {
    const store = await import('./related-popup-store.ts');
    const seen: string[] = [];
    const off = store.subscribeRelatedPopups(() => seen.push(`${store.relatedPopupOpen(1)}/${store.relatedPopupOpen(2)}`));
    store.claimRelatedPopup(1);
    store.claimRelatedPopup(1);
    store.claimRelatedPopup(2);
    store.closeRelatedPopups();
    store.claimRelatedPopup(3);
    expect(seen).toEqual(['true/false', 'false/true', 'false/false']);
    expect(store.relatedPopupOpen(3)).toBe(false);
    off();
  });
});
