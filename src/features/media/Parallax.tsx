import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { PARALLAX_DEFAULTS } from './parallax-config.ts';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';

/**
 * Parallax section: the picture moves at `speed` (clamped to −1..2 by the script: media/parallax.ts
 * with jarallax), static without script or with reduced motion. `videoSrc` (optional) plays a
 * video background through jarallax's video extension.
 */
export function Parallax({
  media,
  heading,
  text,
  speed = PARALLAX_DEFAULTS.speed,
  type = PARALLAX_DEFAULTS.type,
  zIndex = PARALLAX_DEFAULTS.zIndex,
  videoSrc,
  link,
  linkLabel,
}: {
  media: Media;
  heading: string;
  text?: string;
  speed?: number;
  type?: string;
  zIndex?: number;
  videoSrc?: string;
  link?: string;
  linkLabel?: string;
}) {
  return (
    <section className="parallax" data-speed={speed} data-type={type} data-z-index={zIndex} {...(videoSrc ? { 'data-video-src': videoSrc } : {})}>
      <Image media={media} sizes="100vw" width={1600} className="parallax__img" alt="" />
      <div className="parallax__content">
        <h2 className="parallax__heading">{heading}</h2>
        {text ? <p>{text}</p> : null}
        {link ? (
          <a className="btn" href={link}>
            {linkLabel}
            {/* a link that only said "Read more" would not say where it goes */}
            <VisuallyHidden>: {heading}</VisuallyHidden>
          </a>
        ) : null}
      </div>
    </section>
  );
}
