import { describe, expect, it } from 'vitest';
import { shareCollapseCss, shareLabelWidth, shareThresholds } from './share-css.ts';
import { shareFit } from './share-fit.ts';

describe('share row collapse before hydration (container queries)', () => {
  it('collapses at the widths where shareFit, given the expected widths, changes its answer', () => {
    const labelWidth = shareLabelWidth('Share');
    const { all, upTo } = shareThresholds('Share', 6);
    // the answer of the CSS for a row `w` wide: collapsed below `all`, then as many buttons as fit
    const css = (w: number) => (w >= all ? { visible: 6, collapsed: false } : { visible: Math.max(0, ...upTo.map((t, k) => (w >= t ? k : 0)).slice(0, 6)), collapsed: true });
    for (let w = 60; w <= 480; w++) {
      const fit = shareFit({ available: w, items: Array(6).fill(40), gap: 8, leadGap: 12, labelWidth, toggleWidth: labelWidth + 26 });
      expect({ w, ...css(w) }).toEqual({ w, ...fit });
    }
  });

  it('writes one rule set per threshold, off once the island has measured (data-fit)', () => {
    const css = shareCollapseCss('Share', 6);
    expect(css).toContain('.share-buttons:not([data-fit])');
    expect(css.match(/@container share/g)).toHaveLength(7);
    expect(shareLabelWidth('Share')).toBeGreaterThanOrEqual(77);
  });
});
