// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { FontSizeControl, type FontSizeControlProps } from './FontSizeControl.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const props = (postId: number): FontSizeControlProps => ({ postId, label: 'Text size', valueText: 'Text size {n}%', reset: 'Reset' });

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'masthead-font-changer=; Max-Age=0; Path=/';
});

describe('FontSizeControl island', () => {
  it('hydrates without a mismatch; every popup of the page shows the one scale, set from any of them', async () => {
    const { errors } = await hydrateServerHtml([
      { name: 'font-size', of: FontSizeControl, props: props(1) },
      { name: 'font-size', of: FontSizeControl, props: props(2) },
    ]);
    expect(errors).toEqual([]);
    const [first, second] = screen.getAllByRole('slider', { hidden: true }) as HTMLInputElement[];
    expect(first!.min).toBe('0.5');
    expect(first!.max).toBe('1.5');
    expect(first!.step).toBe('0.1');
    await act(async () => fireEvent.change(first!, { target: { value: '1.3' } }));
    expect(second!.value).toBe('1.3');
    expect(second!.getAttribute('aria-valuetext')).toBe('Text size 130%');
    expect(document.documentElement.style.getPropertyValue('--font-scale')).toBe('1.3');
    expect(document.cookie).toContain('masthead-font-changer=1.3');
    await act(async () => screen.getAllByRole('button', { name: 'Reset', hidden: true })[1]!.click());
    expect(first!.value).toBe('1');
    expect(document.cookie).toContain('masthead-font-changer=1');
  });
});
