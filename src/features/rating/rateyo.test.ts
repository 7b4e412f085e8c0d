// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rateyo, type RateYo } from './rateyo.ts';

let el: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '<span id="stars"></span>';
  el = document.getElementById('stars')!;
});

const radios = () => [...el.querySelectorAll<HTMLInputElement>('input[type=radio]')];

describe('rateyo component', () => {
  it('draws 5 stars 13 px wide with 3 px spacing as a radio group named per star', () => {
    rateyo(el, { rating: 4.6 });
    expect(el.style.width).toBe('77px');
    expect(el.querySelectorAll('.rateyo__normal svg')).toHaveLength(5);
    expect(el.querySelector<HTMLElement>('.rateyo__rated')!.style.width).toMatch(/^93\.\d+%$/);
    const group = el.querySelector('[role=radiogroup]')!;
    expect(group.getAttribute('aria-label')).toBe('Rating');
    expect(radios().map((r) => r.getAttribute('aria-label'))).toEqual(['Rate 1 out of 5', 'Rate 2 out of 5', 'Rate 3 out of 5', 'Rate 4 out of 5', 'Rate 5 out of 5']);
    expect(radios().map((r) => r.value)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sets the rating on a click and calls onSet once', () => {
    const onSet = vi.fn();
    rateyo(el, { onSet });
    radios()[3]!.click();
    expect(onSet).toHaveBeenCalledTimes(1);
    expect(onSet.mock.calls[0]![0]).toBe(4);
    expect(rateyo(el, 'rating')).toBe(4);
  });

  it('only previews while arrow keys move through the stars; Enter sets', () => {
    const onSet = vi.fn();
    rateyo(el, { onSet });
    const [, second] = radios();
    second!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    second!.click(); // browsers fire a click when arrows check a radio
    expect(onSet).not.toHaveBeenCalled();
    expect(el.querySelector<HTMLElement>('.rateyo__rated')!.style.width).not.toBe('0%');
    second!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onSet).toHaveBeenCalledWith(2, expect.anything());
  });

  it('is read-only without radios, and becomes read-only through the option', () => {
    rateyo(el, { readOnly: true, rating: 3 });
    expect(radios()).toHaveLength(0);
    expect(el.hasAttribute('data-readonly')).toBe(true);
    rateyo(el, 'option', 'readOnly', false);
    expect(radios()).toHaveLength(5);
    rateyo(el, 'option', 'readOnly', true);
    expect(radios()).toHaveLength(0);
    expect(rateyo(el, 'option', 'readOnly')).toBe(true);
  });

  it('does not call onSet for programmatic ratings while read-only', () => {
    const onSet = vi.fn();
    rateyo(el, { onSet, readOnly: true });
    rateyo(el, 'rating', 2);
    expect(onSet).not.toHaveBeenCalled();
    expect(rateyo(el, 'rating')).toBe(2);
  });

  it("throws the reference's errors", () => {
    expect(() => rateyo(el, 'rating')).toThrow('Trying to set options before even initialization');
    const instance = rateyo(el, {}) as RateYo;
    expect(() => rateyo(el, 'method')).toThrow('Method name not specified!');
    expect(() => instance.method()).toThrow('Method name not specified!');
    expect(() => rateyo(el, '')).toThrow('Method name not specified!');
    expect(() => rateyo(el, 'explode')).toThrow("Method explode doesn't exist!");
    expect(() => rateyo(el, 'method', 'toString')).toThrow("Method toString doesn't exist!");
    expect(() => rateyo(el, 'option', 'colour', 'red')).toThrow('No such option as colour');
    expect(() => rateyo(el, 'option', 'colour')).toThrow('No such option as colour');
    expect(() => rateyo(el, 'rating', 6)).toThrow('Invalid Rating, expected value between 0 and 5');
    expect(() => rateyo(el, 'rating', -1)).toThrow('Invalid Rating, expected value between 0 and 5');
    expect(() => rateyo(el, 42 as unknown as string)).toThrow('Invalid Arguments');
  });

  it('answers the same instance and calls methods through method()', () => {
    const a = rateyo(el, { rating: 1 }) as RateYo;
    expect(rateyo(el)).toBe(a);
    rateyo(el, 'method', 'rating', 3);
    expect(a.rating()).toBe(3);
    expect(rateyo(el, 'option', 'numStars')).toBe(5);
    expect(rateyo(el, 'option', 'starWidth')).toBe('13px');
    expect(rateyo(el, 'option', 'spacing')).toBe('3px');
    rateyo(el, 'destroy');
    expect(el.children).toHaveLength(0);
    expect(() => rateyo(el, 'rating')).toThrow('Trying to set options before even initialization');
  });
});
