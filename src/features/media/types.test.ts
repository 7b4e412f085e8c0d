import { describe, expect, it } from 'vitest';
import { modernSources, pick, srcset, type Media } from './types.ts';

const upload: Media = {
  id: 1,
  file: '/media/uploads/a-1200.jpg',
  mime: 'image/jpeg',
  width: 1200,
  height: 800,
  alt: 'A',
  caption: '',
  variants: [
    { width: 480, height: 320, file: '/media/uploads/a-480.avif', type: 'image/avif' },
    { width: 480, height: 320, file: '/media/uploads/a-480.webp', type: 'image/webp' },
    { width: 480, height: 320, file: '/media/uploads/a-480.jpg' },
    { width: 1200, height: 800, file: '/media/uploads/a-1200.avif', type: 'image/avif' },
    { width: 1200, height: 800, file: '/media/uploads/a-1200.webp', type: 'image/webp' },
  ],
};

describe('renditions by format', () => {
  it('keeps each srcset to one format, the fallback by default', () => {
    expect(srcset(upload)).toBe('/media/uploads/a-480.jpg 480w, /media/uploads/a-1200.jpg 1200w');
    expect(srcset(upload, 'image/avif')).toBe('/media/uploads/a-480.avif 480w, /media/uploads/a-1200.avif 1200w');
  });
  it('offers AVIF then WebP sources, and picks the src in the fallback format', () => {
    expect(modernSources(upload).map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(pick(upload, 600).file).toBe('/media/uploads/a-1200.jpg');
    expect(pick(upload, 300).file).toBe('/media/uploads/a-480.jpg');
  });
  it('leaves single-format images (the demo WebP files) as they were', () => {
    const demo: Media = { ...upload, file: '/media/demo/x-1600.webp', mime: 'image/webp', width: 1600, height: 1067, variants: [{ width: 480, height: 320, file: '/media/demo/x-480.webp' }] };
    expect(modernSources(demo)).toEqual([]);
    expect(srcset(demo)).toBe('/media/demo/x-480.webp 480w, /media/demo/x-1600.webp 1600w');
  });
});
