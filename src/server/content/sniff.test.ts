import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImage } from './sniff.ts';

const image = (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();

describe('sniffImage: the type an upload really has', () => {
  it('recognises each accepted format from real files', async () => {
    expect(sniffImage(await image('jpeg'))).toBe('image/jpeg');
    expect(sniffImage(await image('png'))).toBe('image/png');
    expect(sniffImage(await image('webp'))).toBe('image/webp');
    expect(sniffImage(await image('avif'))).toBe('image/avif');
    expect(sniffImage(await image('gif'))).toBe('image/gif');
  });

  it('refuses what is not a raster image, whatever it is called', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(text('<!doctype html><p>hi'))).toBeNull();
    expect(sniffImage(text('%PDF-1.7'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    // an MP4 is ISO-BMFF too, but not AVIF
    expect(sniffImage(new Uint8Array([0, 0, 0, 24, ...text('ftypisom'), 0, 0, 2, 0, ...text('isomiso2')]))).toBeNull();
  });
});
