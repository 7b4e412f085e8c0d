import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';

/** Parallax section: the image moves at `speed` (clamped to −1..2 by the script); static without script. */
export function Parallax({ media, heading, text, speed = 0.5, type = 'scroll', link, linkLabel }: { media: Media; heading: string; text?: string; speed?: number; type?: string; link?: string; linkLabel?: string }) {
  return (
    <section className="parallax" data-speed={speed} data-type={type} data-z-index={-100}>
      <Image media={media} sizes="100vw" width={1600} className="parallax__img" alt="" />
      <div className="parallax__content">
        <h2 className="parallax__heading">{heading}</h2>
        {text ? <p>{text}</p> : null}
        {link ? (
          <a className="btn" href={link}>
            {linkLabel}
          </a>
        ) : null}
      </div>
    </section>
  );
}
