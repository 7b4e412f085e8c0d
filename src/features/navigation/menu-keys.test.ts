import { describe, expect, it } from 'vitest';
import { moveIndex, panelMove, topLevelMove } from './menu-keys.ts';

describe('header menu keys', () => {
  it('left and right follow the reading direction on the top row; ArrowDown opens', () => {
    expect(topLevelMove('ArrowRight', false)).toBe('next');
    expect(topLevelMove('ArrowRight', true)).toBe('prev');
    expect(topLevelMove('ArrowLeft', true)).toBe('next');
    expect(topLevelMove('ArrowDown', false)).toBe('open');
    expect(topLevelMove('Home', false)).toBe('first');
    expect(topLevelMove('End', true)).toBe('last');
    expect(topLevelMove('a', false)).toBeNull();
  });
  it('inside a panel up and down move too; a mirrored page swaps left and right', () => {
    expect(panelMove('ArrowDown', false)).toBe('next');
    expect(panelMove('ArrowUp', true)).toBe('prev');
    expect(panelMove('ArrowRight', true)).toBe('prev');
    expect(panelMove('ArrowLeft', false)).toBe('prev');
    expect(panelMove('Enter', false)).toBeNull();
  });
  it('the top row wraps round; a panel stops at its end and leaves upwards from its first item', () => {
    expect(moveIndex('next', 4, 5, true)).toBe(0);
    expect(moveIndex('prev', 0, 5, true)).toBe(4);
    expect(moveIndex('next', 4, 5, false)).toBe(4);
    expect(moveIndex('prev', 0, 5, false)).toBe(-1);
    expect(moveIndex('first', 3, 5, false)).toBe(0);
    expect(moveIndex('last', 0, 5, false)).toBe(4);
    expect(moveIndex('next', 0, 0, true)).toBe(-1);
  });
});
