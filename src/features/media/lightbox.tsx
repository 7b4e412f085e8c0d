/**
 * The lightbox (yet-another-react-lightbox, captions plugin). Loaded on the first click on, or
 * intent towards, an `a[data-lightbox]` link (media/client.ts), never before.
 *
 * One React root for the page, created on first use. The slides are the links of the clicked
 * link's group (its `.gallery`, or the nearest `[data-lightbox-group]`), built by
 * lightbox-slides.ts: images, and iframes for video links (outside players wait for consent
 * through consent/embeds.ts). Keyboard: arrows, Escape; focus returns to the link on close.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Lightbox, { type Labels, type RenderSlideProps, type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import lightboxCss from 'yet-another-react-lightbox/styles.css?url';
import captionsCss from 'yet-another-react-lightbox/plugins/captions.css?url';
import { loadCss } from '../../ui/client/load-css.ts';
import { buildSlides, type IframeSlideData, type LinkInfo } from './lightbox-slides.ts';
import { requireConsentFor } from '../consent/embeds.ts';

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    iframe: IframeSlideData;
  }
}

export const LIGHTBOX_LINK = 'a[data-lightbox]';

/** The links that form the clicked link's group, in document order. */
export function groupOf(link: HTMLAnchorElement): HTMLAnchorElement[] {
  const group = link.closest('[data-lightbox-group], .gallery');
  if (!group) return [link];
  return [...group.querySelectorAll<HTMLAnchorElement>(LIGHTBOX_LINK)];
}

function infoOf(a: HTMLAnchorElement): LinkInfo {
  const img = a.querySelector('img');
  const w = Number(a.dataset.width ?? img?.getAttribute('width'));
  const h = Number(a.dataset.height ?? img?.getAttribute('height'));
  return {
    href: a.getAttribute('href') ?? a.href,
    caption: a.dataset.caption ?? null,
    alt: img?.alt ?? a.getAttribute('aria-label'),
    // lazily loaded thumbnails keep their srcset in data-srcset until they load
    srcset: img?.getAttribute('srcset') || img?.dataset.srcset || null,
    type: a.dataset.type ?? null,
    ...(w > 0 && h > 0 ? { width: w, height: h } : {}),
  };
}

function labelsOf(link: HTMLElement): Labels {
  const holder = link.closest<HTMLElement>('[data-lightbox-labels]');
  try {
    return holder?.dataset.lightboxLabels ? (JSON.parse(holder.dataset.lightboxLabels) as Labels) : {};
  } catch {
    return {};
  }
}

function OutsideFrame({ slide }: { slide: IframeSlideData }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    requireConsentFor(
      box,
      () => {
        const f = document.createElement('iframe');
        f.src = slide.src;
        f.title = slide.frameTitle;
        f.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
        f.allowFullscreen = true;
        box.append(f);
      },
      { kind: 'video' },
    );
  }, [slide]);
  return <div ref={ref} className="lightbox-frame lightbox-frame--outside" />;
}

function IframeSlide({ slide, rect }: { slide: IframeSlideData; rect: RenderSlideProps['rect'] }) {
  const scale = Math.min(1, rect.width / slide.width, rect.height / slide.height);
  const style = { width: Math.round(slide.width * scale), height: Math.round(slide.height * scale) };
  return (
    <div className="lightbox-iframe" style={style}>
      {slide.outside ? <OutsideFrame slide={slide} /> : <iframe className="lightbox-frame" src={slide.src} title={slide.frameTitle} allowFullScreen />}
    </div>
  );
}

interface OpenState {
  slides: Slide[];
  index: number;
  labels: Labels;
  link: HTMLAnchorElement;
}

let setState: ((s: OpenState | null) => void) | null = null;
let root: Root | null = null;
let pending: OpenState | null = null;

function App() {
  const [state, set] = useState<OpenState | null>(pending);
  useEffect(() => {
    setState = set;
    return () => {
      setState = null;
    };
  }, []);
  const returnTo = useRef<HTMLAnchorElement | null>(null);
  if (state) returnTo.current = state.link;
  return (
    <Lightbox
      open={!!state}
      close={() => set(null)}
      index={state?.index ?? 0}
      slides={state?.slides ?? []}
      labels={state?.labels ?? {}}
      plugins={[Captions]}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 4 }}
      carousel={{ finite: (state?.slides.length ?? 0) < 3, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      render={{
        slide: ({ slide, rect }) => (slide.type === 'iframe' ? <IframeSlide slide={slide} rect={rect} /> : undefined),
        ...((state?.slides.length ?? 0) < 2 ? { buttonPrev: () => null, buttonNext: () => null } : {}),
      }}
      on={{
        view: ({ index }) => {
          document.documentElement.dataset.lightboxIndex = String(index);
        },
        exited: () => {
          delete document.documentElement.dataset.lightboxIndex;
          returnTo.current?.focus();
          returnTo.current = null;
        },
      }}
    />
  );
}

/** Opens the lightbox on the group of `link`, at `link` (its stylesheets first). */
export async function openLightbox(link: HTMLAnchorElement): Promise<void> {
  await Promise.all([loadCss(lightboxCss), loadCss(captionsCss)]);
  const links = groupOf(link);
  const { slides, index } = buildSlides(links.map(infoOf), links.indexOf(link));
  const state: OpenState = { slides: slides as Slide[], index, labels: labelsOf(link), link };
  if (setState) {
    setState(state);
    return;
  }
  pending = state;
  if (!root) {
    const host = document.createElement('div');
    host.className = 'lightbox-host';
    document.body.append(host);
    root = createRoot(host);
    root.render(<App />);
  }
}
