import { describe, expect, it } from 'vitest';
import { SEARCH_FOCUS_DELAY_MS, popoverModeFor, trapTab } from './search-logic.ts';

describe('header search', () => {
  it('focuses the field 200 ms after opening (SPEC 9)', () => expect(SEARCH_FOCUS_DELAY_MS).toBe(200));

  it('only the overlay closes on Escape', () => {
    expect(popoverModeFor('overlay')).toBe('auto');
    expect(popoverModeFor('showup')).toBe('manual');
  });

  it('traps Tab inside the overlay', () => {
    const [a, b, c] = ['input', 'submit', 'close'];
    const list = [a, b, c];
    expect(trapTab(list, c, false)).toBe(a);
    expect(trapTab(list, a, true)).toBe(c);
    expect(trapTab(list, b, false)).toBeNull();
    expect(trapTab(list, b, true)).toBeNull();
    expect(trapTab(list, 'outside', false)).toBe(a);
    expect(trapTab([], a, false)).toBeNull();
  });
});
