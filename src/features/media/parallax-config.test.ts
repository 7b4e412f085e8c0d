import { describe, expect, it } from 'vitest';
import { clampSpeed, parallaxOptions, videoSource } from './parallax-config.ts';

describe('parallax options (SPEC 9)', () => {
  it('defaults: type scroll, speed 0.5, z-index −100', () => {
    expect(parallaxOptions({})).toMatchObject({ type: 'scroll', speed: 0.5, zIndex: -100, imgElement: '.parallax__img' });
  });
  it('clamps the speed to −1..2', () => {
    expect([-5, -1, 0, 0.3, 2, 2.5].map(clampSpeed)).toEqual([-1, -1, 0, 0.3, 2, 2]);
    expect(parallaxOptions({ speed: '3' }).speed).toBe(2);
    expect(parallaxOptions({ speed: '-1.5' }).speed).toBe(-1);
    expect(parallaxOptions({ speed: 'abc' }).speed).toBe(0.5);
  });
  it('accepts the five jarallax types and the z-index from data attributes', () => {
    for (const t of ['scroll', 'scale', 'opacity', 'scroll-opacity', 'scale-opacity']) expect(parallaxOptions({ type: t }).type).toBe(t);
    expect(parallaxOptions({ type: 'spin' }).type).toBe('scroll');
    expect(parallaxOptions({ zIndex: '-5' }).zIndex).toBe(-5);
  });
  it('plumbs a video background into the video extension options', () => {
    expect(videoSource('/media/sea.webm')).toEqual({ src: 'webm:/media/sea.webm', outside: false });
    expect(videoSource('/media/sea.ogg')).toEqual({ src: 'ogv:/media/sea.ogg', outside: false });
    expect(videoSource('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toEqual({ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', outside: true });
    expect(videoSource('/media/sea.avi')).toBeNull();
    const o = parallaxOptions({ videoSrc: '/media/sea.mp4', videoStart: '2', videoEnd: '12', videoLoop: 'false' });
    expect(o).toMatchObject({ videoSrc: 'mp4:/media/sea.mp4', videoStartTime: 2, videoEndTime: 12, videoLoop: false, videoPlayOnlyVisible: true });
    expect(parallaxOptions({}).videoSrc).toBeUndefined();
  });
});
