import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Labels } from 'yet-another-react-lightbox';
import { slideFor, type LinkInfo } from './lightbox-slides.ts';

const load = () => import('./lightbox.tsx').then(async (m) => (await m.stylesReady(), { default: m.LightboxView }));
const LightboxView = lazy(load);

/** Starts loading the lightbox (the visitor's intent: hovering or focusing an image). */
export function preloadLightbox(): void {
  void load().catch(() => {});
}

export interface GalleryLightboxState {
  /** opens the lightbox at item `index`; `from` gets the focus back when it closes */
  open: (index: number, from: HTMLElement) => void;
  /** the lightbox element to render (nothing until first opened) */
  element: ReactNode;
}

/**
 * The lightbox of one gallery, for the gallery's own component (`GalleryGrid`, the gallery's
 * `Slider`): its slides are the gallery's items (images, and iframes for video links), the chunk
 * is fetched on first use, and when it closes the focus returns to the link that opened it.
 */
export function useGalleryLightbox(items: LinkInfo[], labels: Labels): GalleryLightboxState {
  const [state, setState] = useState<{ open: boolean; index: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const slides = useMemo(() => items.map(slideFor), [items]);
  const open = useCallback((index: number, from: HTMLElement) => {
    opener.current = from;
    setState({ open: true, index });
  }, []);
  const onExited = useCallback(() => {
    opener.current?.focus();
    opener.current = null;
    setState(null);
  }, []);
  const element = state ? (
    <Suspense fallback={null}>
      <LightboxView open={state.open} index={state.index} slides={slides} labels={labels} onClose={() => setState({ ...state, open: false })} onExited={onExited} />
    </Suspense>
  ) : null;
  return { open, element };
}
