// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { GalleryGrid, type GalleryGridProps } from './GalleryGrid.tsx';
import { LightboxView } from './lightbox.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

// jsdom loads no stylesheets: the lightbox's CSS counts as loaded at once
vi.mock('../../ui/client/load-css.ts', () => ({ loadCss: async () => {} }));

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const props: GalleryGridProps = {
  layout: 'justified',
  rowHeight: 220,
  margin: 6,
  labels: { Close: 'Close', Next: 'Next', Previous: 'Previous', Lightbox: 'Image viewer' },
  items: [1, 2, 3].map((n) => ({ href: `/media/full-${n}.jpg`, caption: `Caption ${n}`, alt: `Street ${n}`, width: 1600, height: 1067, label: `Open image: Street ${n}`, ratio: 1.5 })),
};
const slots = Object.fromEntries([1, 2, 3].map((n, i) => [`image-${i}`, <img className="lazy" data-src={`/media/small-${n}.jpg`} alt={`Street ${n}`} width={480} height={320} />]));

describe('GalleryGrid island', () => {
  it('hydrates the server images without a mismatch; each stays a link to its full size', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'gallery', of: GalleryGrid, props, slots }]);
    expect(errors).toEqual([]);
    const links = screen.getAllByRole('link', { name: /^Open image:/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/media/full-1.jpg', '/media/full-2.jpg', '/media/full-3.jpg']);
    expect(links[1]!.querySelector('img')!.getAttribute('data-src')).toBe('/media/small-2.jpg');
    expect(document.querySelector<HTMLElement>('.gallery__item')!.style.getPropertyValue('--ratio')).toBe('1.5');
  });

  it('a click opens the lightbox at that image with its caption; closing it gives the link its focus back', async () => {
    await hydrateServerHtml([{ name: 'gallery', of: GalleryGrid, props, slots }]);
    const link = screen.getByRole('link', { name: 'Open image: Street 2' });
    link.focus();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    await waitFor(() => expect(within(dialog).getAllByText('Caption 2').length).toBeGreaterThan(0));
    expect(dialog.querySelector('.yarl__slide_current img')!.getAttribute('src')).toBe('/media/full-2.jpg');
    // (Escape and the arrow keys are proven in the browser: tests/e2e/media.spec.ts)
    await act(async () => within(dialog).getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(document.activeElement).toBe(link);
  });
});

describe('the lightbox view', () => {
  it('shows an outside video only after consent: "Load video" first, then the player', async () => {
    const { createRoot } = await import('react-dom/client');
    const host = document.createElement('div');
    document.body.append(host);
    const slides = [{ type: 'iframe' as const, src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1', frameTitle: 'Big Buck Bunny', description: 'Big Buck Bunny', outside: true, width: 1280, height: 720 }];
    await act(async () => createRoot(host).render(<LightboxView open slides={slides} index={0} labels={{ Lightbox: 'Image viewer' }} onClose={() => {}} onExited={() => {}} />));
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(dialog.querySelector('iframe')).toBeNull();
    const load = await within(dialog).findByRole('button', { name: 'Load video' });
    await act(async () => load.click());
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    expect(frame.getAttribute('title')).toBe('Big Buck Bunny');
  });
});
