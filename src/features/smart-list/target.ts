/**
 * Where a smart-list choice goes: `id` is the in-page target when the URL is this post's own page
 * (the post block's URL, or the address shown) with a hash; otherwise the page must be loaded.
 */
export function smartListTarget(value: string, pageHref: string, postUrl: string | null): { url: string; id: string | null } {
  let url: URL;
  try {
    url = new URL(value, pageHref);
  } catch {
    return { url: value, id: null };
  }
  const page = new URL(pageHref);
  const own = postUrl ? new URL(postUrl, pageHref) : null;
  const samePage = url.origin === page.origin && (url.pathname === page.pathname || (own !== null && url.pathname === own.pathname));
  let id: string | null = null;
  if (samePage && url.hash.length > 1) {
    try {
      id = decodeURIComponent(url.hash.slice(1));
    } catch {
      id = null;
    }
  }
  return { url: url.href, id };
}
