import { describe, expect, it, vi } from 'vitest';
import { rateyo, starValues } from './rateyo.ts';

describe('rateyo model (the plugin API of the star rating)', () => {
  it('has 5 stars of 13 px with 3 px spacing, valued 1..5, named per star', () => {
    const r = rateyo({ rating: 4.6 });
    expect(r.option('numStars')).toBe(5);
    expect(r.option('starWidth')).toBe('13px');
    expect(r.option('spacing')).toBe('3px');
    expect(r.option('starLabel')).toBe('Rate {n} out of 5');
    expect(starValues(r.snapshot())).toEqual([1, 2, 3, 4, 5]);
    expect(r.rating()).toBe(4.6);
  });

  it('calls onSet once when a rating is set, not while read-only', () => {
    const onSet = vi.fn();
    const r = rateyo({ onSet });
    r.rating(4);
    expect(onSet).toHaveBeenCalledTimes(1);
    expect(onSet.mock.calls[0]![0]).toBe(4);
    r.option('readOnly', true);
    r.method('rating', 2);
    expect(onSet).toHaveBeenCalledTimes(1);
    expect(r.rating()).toBe(2);
    expect(r.option('readOnly')).toBe(true);
  });

  it('tells subscribers about every change with a new snapshot, and reports previews to onChange', () => {
    const onChange = vi.fn();
    const r = rateyo({ onChange });
    const before = r.snapshot();
    const listener = vi.fn();
    const off = r.subscribe(listener);
    r.option('readOnly', true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(r.snapshot()).not.toBe(before);
    expect(r.snapshot().readOnly).toBe(true);
    r.change(3);
    expect(onChange).toHaveBeenCalledWith(3, r);
    off();
    r.rating(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("throws the reference's errors", () => {
    expect(() => rateyo({ rating: 6 })).toThrow('Invalid Rating, expected value between 0 and 5');
    const r = rateyo({});
    expect(() => r.method()).toThrow('Method name not specified!');
    expect(() => r.method('')).toThrow('Method name not specified!');
    expect(() => r.method('explode')).toThrow("Method explode doesn't exist!");
    expect(() => r.method('toString')).toThrow("Method toString doesn't exist!");
    expect(() => r.option('colour', 'red')).toThrow('No such option as colour');
    expect(() => r.option('colour')).toThrow('No such option as colour');
    expect(() => r.rating(6)).toThrow('Invalid Rating, expected value between 0 and 5');
    expect(() => r.rating(-1)).toThrow('Invalid Rating, expected value between 0 and 5');
    expect(() => r.option('rating', 'abc')).toThrow('Invalid Rating, expected value between 0 and 5');
  });

  it('calls methods through method(), keeps the precision, and destroy() resets the options', () => {
    const r = rateyo({ rating: 1 });
    r.method('rating', 3.26);
    expect(r.rating()).toBe(3.3);
    r.method('option', 'maxValue', 2);
    expect(r.rating()).toBe(2);
    r.destroy();
    expect(r.rating()).toBe(0);
    expect(r.option('maxValue')).toBe(5);
  });
});
