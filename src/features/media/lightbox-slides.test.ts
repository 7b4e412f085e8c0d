import { describe, expect, it } from 'vitest';
import { buildSlides, parseSrcset, slideFor, videoEmbedUrl } from './lightbox-slides.ts';

describe('lightbox slides', () => {
  it('builds image slides with caption, alt and responsive sources', () => {
    const s = slideFor({ href: '/media/a-1600.jpg', caption: 'Wet cobbles', alt: 'A street', srcset: '/media/a-480.jpg 480w, /media/a-960.jpg 960w', width: 1600, height: 1067 });
    expect(s).toEqual({
      type: 'image',
      src: '/media/a-1600.jpg',
      alt: 'A street',
      description: 'Wet cobbles',
      srcSet: [
        { src: '/media/a-480.jpg', width: 480, height: 320 },
        { src: '/media/a-960.jpg', width: 960, height: 640 },
      ],
      width: 1600,
      height: 1067,
    });
  });
  it('falls back to the caption for alt, and omits empty captions', () => {
    const s = slideFor({ href: '/x.jpg', caption: '  ', alt: '' });
    expect(s).toEqual({ type: 'image', src: '/x.jpg', alt: '' });
    expect(slideFor({ href: '/x.jpg', caption: 'Lamps' })).toMatchObject({ alt: 'Lamps', description: 'Lamps' });
  });
  it('turns video links into iframe slides with autoplay, rel=0 and no info', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&showinfo=0');
    expect(videoEmbedUrl('https://youtu.be/aqz-KE-bpKQ')).toContain('/embed/aqz-KE-bpKQ');
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull(); // ids are 11 characters
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&title=0&byline=0&portrait=0');
    expect(videoEmbedUrl('/media/a.jpg')).toBeNull();
    const s = slideFor({ href: 'https://youtu.be/aqz-KE-bpKQ', caption: 'Big Buck Bunny' });
    expect(s).toMatchObject({ type: 'iframe', outside: true, frameTitle: 'Big Buck Bunny', width: 1280, height: 720 });
  });
  it('keeps local iframe links (data-type="iframe") as they are, without consent', () => {
    expect(slideFor({ href: '/embed/clip/', type: 'iframe', alt: 'Clip', width: 640, height: 360 })).toEqual({ type: 'iframe', src: '/embed/clip/', frameTitle: 'Clip', outside: false, width: 640, height: 360 });
  });
  it('opens the group at the clicked link', () => {
    const links = [{ href: '/a.jpg' }, { href: '/b.jpg' }, { href: '/c.jpg' }];
    expect(buildSlides(links, 1).index).toBe(1);
    expect(buildSlides(links, 7).index).toBe(2);
    expect(buildSlides(links, -1).index).toBe(0);
    expect(buildSlides(links, 0).slides.map((s) => s.src)).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
  });
  it('parses width descriptors only', () => {
    expect(parseSrcset('/a.jpg 1x, /b.jpg 480w', 2)).toEqual([{ src: '/b.jpg', width: 480, height: 240 }]);
    expect(parseSrcset(null, null)).toEqual([]);
  });
});
