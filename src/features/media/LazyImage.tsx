import type { Media } from './types.ts';
import { srcset, pick } from './types.ts';

/**
 * An image lazily loaded by script (vanilla-lazyload, media/lazy.ts): the server renders
 * `data-src`/`data-srcset`/`data-sizes` with its box reserved (width/height), plus a <noscript>
 * copy so the picture is there without script. Used where the loading statuses matter (galleries).
 */
export function LazyImage({ media, sizes, width = 960, alt, className }: { media: Media; sizes: string; width?: number; alt?: string; className?: string }) {
  const src = pick(media, width).file;
  const text = alt ?? media.alt;
  return (
    <>
      <img
        className={className ? `lazy ${className}` : 'lazy'}
        data-src={src}
        data-srcset={srcset(media)}
        data-sizes={sizes}
        width={media.width}
        height={media.height}
        alt={text}
        decoding="async"
      />
      <noscript>
        <img src={src} srcSet={srcset(media)} sizes={sizes} width={media.width} height={media.height} alt={text} loading="lazy" decoding="async" className={className} />
      </noscript>
    </>
  );
}

/** Hides the script-only images when script is off (their <noscript> copies show instead). */
export function LazyNoScriptStyle() {
  return (
    <noscript>
      <style>{'.lazy{display:none!important}'}</style>
    </noscript>
  );
}
