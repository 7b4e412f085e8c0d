import { describe, expect, it } from 'vitest';
import { DURATION, barWidth, counterAt, counterText, pieDash, pieOptions, pieRing, progress } from './anim.ts';

describe('review charts', () => {
  it('animates bars in 1000 ms, pies in 1000 ms and counters in 2000 ms', () => {
    expect(DURATION).toEqual({ bar: 1000, pie: 1000, counter: 2000 });
  });

  it('grows bars to data-width × 10 %', () => {
    expect(barWidth('9.2')).toBe(92);
    expect(barWidth(6.2)).toBe(62);
    expect(barWidth('8')).toBe(80);
    expect(barWidth('12')).toBe(100);
    expect(barWidth('-3')).toBe(0);
    expect(barWidth('abc')).toBe(0);
  });

  it('reads the pie chart data attributes', () => {
    expect(pieOptions({ percent: '83', color: '#c00', trackcolor: '#eee', thickness: '8', size: '100' })).toEqual({ percent: 83, color: '#c00', trackColor: '#eee', thickness: 8, size: 100 });
    expect(pieOptions({ percent: '140' }).percent).toBe(100);
    expect(pieOptions({})).toMatchObject({ percent: 0, size: 120, thickness: 10 });
  });

  it('fills the ring by its stroke to the percent', () => {
    const { r, c } = pieRing(120, 10);
    expect(r).toBe(55);
    expect(c).toBeCloseTo(345.58, 2);
    expect(pieDash(0, 120, 10)).toBe('0 345.58');
    expect(pieDash(50, 120, 10)).toBe('172.79 345.58');
    expect(pieDash(100, 120, 10)).toBe('345.58 345.58');
  });

  it('counts up and lands exactly on the target at 2000 ms', () => {
    expect(counterAt(0, 4812)).toBe(0);
    const mid = counterAt(1000, 4812);
    expect(mid).toBeGreaterThan(2406);
    expect(mid).toBeLessThan(4812);
    expect(counterAt(2000, 4812)).toBe(4812);
    expect(counterAt(5000, 21)).toBe(21);
    expect(progress(500, 1000)).toBeCloseTo(0.875, 3);
    // monotonic
    let last = -1;
    for (let t = 0; t <= 2000; t += 100) {
      const v = counterAt(t, 380);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
  });

  it('keeps the counter text as wide as the final number', () => {
    expect(counterText(12, 4812)).toBe('\u2007\u200712');
    expect(counterText(4812, 4812)).toBe('4812');
    expect(counterText(0, 5)).toBe('0');
  });
});
