/**
 * Taking the post block out of a fetched page (infinite previous-post loading). Works on any
 * Document (the browser's DOMParser result, or jsdom in tests).
 */

export class PostBlockMissing extends Error {}

/**
 * The `.post-block` of a fetched single-post page, prepared for appending below the current one:
 *   - its title becomes an h2 (the page keeps its only h1);
 *   - its images load lazily (the server marks a page's first image eager and high priority);
 *   - executable scripts are removed: scripts parsed by DOMParser never run when inserted, and the
 *     page's hash-based CSP would refuse re-created copies. A post renders none of its own: its
 *     islands (`<masthead-island>`) are hydrated by the page's island runtime once appended.
 * Returns the element (still owned by `doc`).
 */
export function takePostBlock(doc: Document): HTMLElement {
  const block = doc.querySelector<HTMLElement>('.single-wrapper .post-block') ?? doc.querySelector<HTMLElement>('.post-block');
  if (!block || !block.dataset.postid) throw new PostBlockMissing('the fetched page has no post block');
  for (const h1 of Array.from(block.querySelectorAll('h1'))) {
    const h2 = doc.createElement('h2');
    for (const a of Array.from(h1.attributes)) h2.setAttribute(a.name, a.value);
    while (h1.firstChild) h2.appendChild(h1.firstChild);
    h1.replaceWith(h2);
  }
  for (const img of Array.from(block.querySelectorAll('img'))) {
    img.setAttribute('loading', 'lazy');
    img.removeAttribute('fetchpriority');
  }
  for (const s of Array.from(block.querySelectorAll('script'))) {
    const type = (s.getAttribute('type') ?? '').trim().toLowerCase();
    const data = type !== '' && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript';
    if (!data) s.remove();
  }
  return block;
}

/** The block's "previous" link, or null when it is the end of the chain. */
export function previousUrl(block: HTMLElement): string | null {
  if (block.hasAttribute('data-end')) return null;
  const url = block.dataset.prevUrl ?? '';
  return url ? url : null;
}
