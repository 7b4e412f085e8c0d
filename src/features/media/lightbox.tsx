/**
 * The lightbox view (yet-another-react-lightbox with its captions plugin), a chunk of its own:
 * `GalleryLightbox.tsx` loads it on the first click on a gallery's image, or on the visitor's
 * intent (hover, focus), never with the page. Its stylesheets are loaded with it.
 */
import { useEffect, useRef, useState } from 'react';
import Lightbox, { type Labels, type RenderSlideProps, type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import lightboxCss from 'yet-another-react-lightbox/styles.css?url';
import captionsCss from 'yet-another-react-lightbox/plugins/captions.css?url';
import { loadCss } from '../../ui/client/load-css.ts';
import type { IframeSlideData, SlideData } from './lightbox-slides.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { EmbedConsent } from '../consent/EmbedConsent.tsx';
import { EMBED_LABELS_EN, useEmbedGate, type EmbedLabels } from '../consent/embeds.ts';

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    iframe: IframeSlideData;
  }
}

/** Resolves once the lightbox's stylesheets are in (so it never shows unstyled). */
export const stylesReady = (): Promise<unknown> => Promise.all([loadCss(lightboxCss), loadCss(captionsCss)]);

/** The placeholder's texts from the page variables (the dictionary), English without them (tests). */
function outsideLabels(): EmbedLabels {
  try {
    const { i18n } = pageVars();
    return { consent: i18n.embedConsent ?? EMBED_LABELS_EN.consent, load: i18n.embedLoad ?? EMBED_LABELS_EN.load };
  } catch {
    return EMBED_LABELS_EN;
  }
}

/**
 * An outside player (YouTube, Vimeo): nothing loads until consent (the page-wide store, so
 * accepting cookies in the notice opens it), or "Load video" for this one (consent/embeds.ts),
 * after which the player takes the focus.
 */
function OutsideFrame({ slide }: { slide: IframeSlideData }) {
  const { gate, allowOnce } = useEmbedGate(true);
  const [pressed, setPressed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const allowed = gate === 'open';
  useEffect(() => {
    if (allowed && pressed) frame.current?.focus();
  }, [allowed, pressed]);
  return (
    <div className="lightbox-frame lightbox-frame--outside" data-consent-blocked={gate === 'blocked' ? '' : undefined}>
      {allowed ? (
        <iframe ref={frame} className="lightbox-frame" src={slide.src} title={slide.frameTitle} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
      ) : gate === 'blocked' ? (
        <EmbedConsent
          labels={outsideLabels()}
          onLoad={() => {
            setPressed(true);
            allowOnce();
          }}
        />
      ) : null}
    </div>
  );
}

function IframeSlide({ slide, rect }: { slide: IframeSlideData; rect: RenderSlideProps['rect'] }) {
  const scale = Math.min(1, rect.width / slide.width, rect.height / slide.height);
  const style = { width: Math.round(slide.width * scale), height: Math.round(slide.height * scale) };
  return (
    <div className="lightbox-iframe" style={style}>
      {slide.outside ? <OutsideFrame key={slide.src} slide={slide} /> : <iframe className="lightbox-frame" src={slide.src} title={slide.frameTitle} allowFullScreen />}
    </div>
  );
}

export interface LightboxViewProps {
  open: boolean;
  slides: SlideData[];
  index: number;
  labels: Labels;
  /** the visitor closes it (Escape, the close button, a click on the backdrop) */
  onClose: () => void;
  /** it has finished closing: the opener gets the focus back */
  onExited: () => void;
}

/** The lightbox: arrows and swipe between slides, Escape closes, captions under each slide. */
export function LightboxView({ open, slides, index, labels, onClose, onExited }: LightboxViewProps) {
  const many = slides.length > 1;
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides as Slide[]}
      labels={labels}
      plugins={[Captions]}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 4 }}
      carousel={{ finite: slides.length < 3, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      render={{
        slide: ({ slide, rect }) => (slide.type === 'iframe' ? <IframeSlide slide={slide} rect={rect} /> : undefined),
        ...(many ? {} : { buttonPrev: () => null, buttonNext: () => null }),
      }}
      on={{ exited: onExited }}
    />
  );
}
