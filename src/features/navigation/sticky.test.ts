import { describe, expect, it } from 'vitest';
import { stickyStep, STICKY_HEADER_AFTER } from './sticky.ts';

describe('sticky header that shows up', () => {
  it('stays in the flow up to 300 px, then sticks out of sight', () => {
    expect(STICKY_HEADER_AFTER).toBe(300);
    expect(stickyStep('static', 200, 100)).toBe('static');
    expect(stickyStep('static', 300, 200)).toBe('static');
    expect(stickyStep('static', 301, 200)).toBe('parked');
    // a jump far down the page (an anchor) sticks it at once
    expect(stickyStep('static', 2000, 0)).toBe('parked');
  });
  it('slides in when the reader scrolls up and out when they scroll down', () => {
    expect(stickyStep('parked', 900, 800)).toBe('parked');
    expect(stickyStep('parked', 850, 900)).toBe('shown');
    expect(stickyStep('shown', 800, 850)).toBe('shown');
    expect(stickyStep('shown', 900, 800)).toBe('hidden');
    expect(stickyStep('hidden', 880, 900)).toBe('shown');
    // still shown on the way up below 300 px, until the top where it is the plain header again
    expect(stickyStep('shown', 120, 200)).toBe('shown');
    expect(stickyStep('shown', 0, 120)).toBe('static');
  });
  it('ignores jitter of a pixel or two', () => {
    expect(stickyStep('shown', 901, 900)).toBe('shown');
    expect(stickyStep('hidden', 899, 900)).toBe('hidden');
  });
});
