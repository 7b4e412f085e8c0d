// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { JumpToRecipeLink } from './JumpToRecipeLink.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('JumpToRecipeLink island', () => {
  it('is an in-page link to the post’s card; hydrated, a click scrolls that card 30 px below the top and focuses it', async () => {
    const { container, errors } = await hydrateServerHtml([{ name: 'jump-to-recipe', of: JumpToRecipeLink, props: { postId: 12, label: 'Jump to recipe' } }]);
    expect(errors).toEqual([]);
    const link = screen.getByRole('link', { name: 'Jump to recipe' });
    expect(link.getAttribute('href')).toBe('#recipe-12');
    // the post block around it, with its card 900 px down the page
    const block = document.createElement('article');
    block.className = 'post-block';
    const card = document.createElement('section');
    card.id = 'recipe-12';
    card.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    block.append(container, card);
    document.body.append(block);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    await act(async () => link.click());
    expect(scrollTo).toHaveBeenCalledWith({ top: 870, behavior: 'smooth' });
    expect(document.activeElement).toBe(card);
    expect(window.location.hash).toBe('');
  });
});
