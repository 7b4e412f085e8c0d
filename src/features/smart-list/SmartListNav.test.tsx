// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { SmartListNav, type SmartListNavProps } from './SmartListNav.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const props: SmartListNavProps = {
  postId: 3,
  jump: 'Jump to item',
  choose: 'Choose an item',
  items: [
    { url: '/walks/#one', label: '1. One' },
    { url: '/walks/#two', label: '2. Two' },
  ],
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('SmartListNav island', () => {
  it('hydrates without a mismatch; the prompt is chosen and cannot be picked', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'smart-list', of: SmartListNav, props }]);
    expect(errors).toEqual([]);
    const select = screen.getByLabelText<HTMLSelectElement>('Jump to item');
    expect(select.value).toBe('');
    expect(select.options[0]!.disabled).toBe(true);
    expect(Array.from(select.options).map((o) => o.text)).toEqual(['Choose an item', '1. One', '2. Two']);
  });

  it('an item of this post: a history entry with its address, and a scroll to it', async () => {
    history.replaceState(null, '', '/walks/');
    const { container } = await hydrateServerHtml([{ name: 'smart-list', of: SmartListNav, props }]);
    const block = document.createElement('article');
    block.className = 'post-block';
    block.dataset.currentUrl = '/walks/';
    block.innerHTML = '<ol><li id="one">One</li><li id="two">Two</li></ol>';
    container.replaceWith(block);
    block.prepend(container);
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    const before = history.length;
    await act(async () => choose(screen.getByLabelText('Jump to item'), '/walks/#two'));
    expect(location.pathname + location.hash).toBe('/walks/#two');
    expect(history.length).toBe(before + 1);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLSelectElement>('Jump to item').value).toBe('/walks/#two');
    vi.unstubAllGlobals();
  });
});
