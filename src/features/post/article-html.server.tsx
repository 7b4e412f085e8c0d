import { randomBytes } from 'node:crypto';
import type { Runtime } from '../../server/runtime.server.ts';
import type { Translate } from '../../i18n/index.ts';
import type { SinglePostView } from './load.server.ts';
import type { OutsidePlayer } from '../media/video.ts';
import { staticHtml } from '../../ui/static-html.server.ts';
import { Article, ArticleLike, type LikeVariant } from './Article.tsx';
import { appliedMarks, markRulesApplied, rewriteFragment, siteTextRules } from '../text-rules/rewrite.server.ts';

/**
 * The single-post page's article as HTML (`pages/[...path].astro` places it with `set:html`).
 * Everything in it but the like buttons depends only on the content version (the post, its
 * neighbours, related and author posts, the translator), so it is rendered once per version and
 * kept in the version memo, with a mark where each like button goes; every request renders only
 * the two like buttons with the current count and puts them in. An article with a recipe (its
 * star rating shows the visitors' votes) or a contact form (a new stamp, quiz and captcha each
 * time) is rendered whole on every request. The article leaves with the text rules applied to
 * its text and marked so that the page's own pass leaves it alone (`text-rules/rewrite.server.ts`):
 * an article with a typo the rules fix is not read tag by tag on every request. The bytes are
 * otherwise those of `<Article>` in the template (`ui/static-html.server.ts`;
 * `tests/integration/chrome-html.test.ts` compares them).
 */
export async function articleHtml(
  runtime: Runtime,
  view: SinglePostView,
  t: Translate,
  locale: string,
  publicUrl: string,
  players: readonly OutsidePlayer[],
  editUrl: string,
): Promise<string> {
  const { post } = view;
  const props = { view, t, locale, publicUrl, players, editUrl, first: true };
  if (!perVersion(view)) return staticHtml(<Article {...props} />);
  const rules = await siteTextRules(runtime);
  const parts = await runtime.memo(`html:article:${post.id}`, async () => {
    const marks: LikeVariant[] = [];
    const html = staticHtml(
      <Article
        {...props}
        like={(variant) => {
          marks.push(variant);
          return <template data-masthead-hole={HOLE} />;
        }}
      />,
    );
    // the text rules, applied here once per version rather than to the whole page every time
    return { pieces: rewriteFragment(html, rules).split(HOLE_MARKUP), marks };
  });
  if (parts.pieces.length !== parts.marks.length + 1) return staticHtml(<Article {...props} />);
  let out = parts.pieces[0]!;
  parts.marks.forEach((variant, i) => {
    out += rewriteFragment(staticHtml(<ArticleLike postId={post.id} likes={view.likes} variant={variant} t={t} />), rules) + parts.pieces[i + 1]!;
  });
  return markRulesApplied(out, appliedMarks(runtime.config.secret));
}

/** Whether everything but the like buttons is the same for every visitor (no recipe rating, no form). */
function perVersion(view: SinglePostView): boolean {
  return !view.formState && Object.keys(view.forms).length === 0 && !view.post.blocks.some((b) => b.type === 'recipe' || b.type === 'contact-form');
}

/** A mark no content can spell: random per process. */
const HOLE = randomBytes(12).toString('hex');
const HOLE_MARKUP = `<template data-masthead-hole="${HOLE}"></template>`;
