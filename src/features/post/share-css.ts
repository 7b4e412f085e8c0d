/**
 * The share row's collapse before its island hydrates (SPEC 4 "share buttons collapse into an
 * expand button"; NOTES): container queries over the row's width, with the thresholds `shareFit`
 * would compute from the widths the server expects (global.css: 40 px buttons 8 px apart, 12 px
 * between the label and the list, the label an icon and its upper-case text, the expand button the
 * same with 12 px padding and a border). The text's width is an estimate (a little wide, so the
 * row collapses rather than overflows); once hydrated the component measures the real widths
 * (`data-fit` turns these rules off, `share-fit.ts`).
 */
const BUTTON = 40;
const GAP = 8;
const LEAD_GAP = 12;
/** icon (16) and the gap after it (6) */
const LABEL_ICON = 22;
/** 0.85rem bold upper case with 0.05em letter spacing: about 0.8em a letter, rounded up */
const CHAR = 13.6 * 0.8;
/** the expand button: 12 px padding and a 1 px border each side */
const TOGGLE_EXTRA = 26;

export function shareLabelWidth(label: string): number {
  return Math.ceil(LABEL_ICON + [...label].length * CHAR);
}

/** The row widths below which only `k` buttons fit (k from `count - 1` down to 0), as `shareFit` sees them. */
export function shareThresholds(label: string, count: number): { all: number; upTo: number[] } {
  const labelWidth = shareLabelWidth(label);
  const toggleWidth = labelWidth + TOGGLE_EXTRA;
  // the smallest width at which everything fits behind the label
  const all = labelWidth + LEAD_GAP + count * BUTTON + (count - 1) * GAP;
  // upTo[k]: the smallest width at which k buttons fit behind the expand button
  const upTo = Array.from({ length: count }, (_, k) => (k === 0 ? 0 : toggleWidth + LEAD_GAP + k * BUTTON + (k - 1) * GAP));
  return { all, upTo };
}

/** The CSS of one share row: what hides below which width, until the island has measured. */
export function shareCollapseCss(label: string, count: number): string {
  const { all, upTo } = shareThresholds(label, count);
  const row = '.share-buttons:not([data-fit])';
  const rules = [
    `@container share (width < ${all}px){${row} .share-buttons__label{display:none}${row} .share-buttons__toggle{display:inline-flex}}`,
  ];
  for (let k = count - 1; k >= 0; k--) {
    const next = upTo[k + 1] ?? all;
    rules.push(`@container share (width < ${k === count - 1 ? all : next}px){${row} .share-buttons__list>li:nth-child(n+${k + 1}){display:none}}`);
  }
  return rules.join('');
}
