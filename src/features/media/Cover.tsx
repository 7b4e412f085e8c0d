import type { Media } from './types.ts';
import { modernTypes } from './types.ts';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';

/**
 * The picture of a cover as a CSS `image-set()` for vanilla-lazyload's `data-bg-set`: one
 * rendition about as wide as the column for 1x screens and one twice that for 2x, in the best
 * format the picture has renditions in (WebP or AVIF before the original's). The library writes
 * it to `style.backgroundImage` when the cover comes within 300 px of the view (status "applied").
 */
export function coverImageSet(media: Media, width = 1200): string {
  const type = [...modernTypes].reverse().find((t) => media.variants.some((v) => v.type === t)) ?? media.mime;
  const all = [
    ...media.variants.filter((v) => (v.type ?? media.mime) === type),
    ...(type === media.mime ? [{ width: media.width, file: media.file }] : []),
  ].sort((a, b) => a.width - b.width);
  const at = (w: number) => all.find((v) => v.width >= w) ?? all[all.length - 1]!;
  const one = at(width);
  const two = at(width * 2);
  const url = (file: string) => `url("${file.replace(/["\\\n]/g, encodeURIComponent)}")`;
  return one.file === two.file ? `${url(one.file)} 1x` : `${url(one.file)} 1x, ${url(two.file)} 2x`;
}

/**
 * A cover: heading, text and link over a picture. The picture is a lazy background (the reference
 * theme lazy-loads background pictures too), so a cover far down an article costs nothing until
 * the reader nears it; without JavaScript the <noscript> picture stands in. A dark backdrop keeps
 * the white text readable before and while the picture loads; the height is fixed by CSS, so
 * nothing moves when it arrives.
 */
export function Cover({ media, heading, text, link, linkLabel }: { media: Media; heading: string; text?: string; link?: string; linkLabel: string }) {
  return (
    <section className="cover lazy" data-bg-set={coverImageSet(media)}>
      <noscript>
        <img className="cover__fallback" src={media.file} alt="" width={media.width} height={media.height} />
      </noscript>
      <div className="cover__content">
        <h2 className="cover__heading">{heading}</h2>
        {text ? <p>{text}</p> : null}
        {link ? (
          <a className="btn" href={link}>
            {linkLabel}
            <VisuallyHidden>: {heading}</VisuallyHidden>
          </a>
        ) : null}
      </div>
    </section>
  );
}
