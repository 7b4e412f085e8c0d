/**
 * A menu as the admin edits it: a flat list in display order, each item with its depth. Moving
 * an item always moves its sub-items with it; depths stay valid (the first item is top-level, an
 * item is at most one level deeper than the one above it, never deeper than the location allows).
 * Pure: the menus screen uses it for buttons, keys and drag-and-drop alike.
 */
export interface MenuNode {
  label: string;
  url: string;
  megaTermId: number | null;
  megaCount: number | null;
  children: MenuNode[];
}

export interface FlatItem {
  /** stable key for React and drag-and-drop */
  key: string;
  label: string;
  url: string;
  megaTermId: number | null;
  megaCount: number | null;
  depth: number;
}

let seq = 0;
export const newKey = () => `m${Date.now().toString(36)}${(seq++).toString(36)}`;

export function flatten(tree: readonly MenuNode[], depth = 0, out: FlatItem[] = []): FlatItem[] {
  for (const n of tree) {
    out.push({ key: newKey(), label: n.label, url: n.url, megaTermId: n.megaTermId, megaCount: n.megaCount, depth });
    flatten(n.children, depth + 1, out);
  }
  return out;
}

export function build(flat: readonly FlatItem[]): MenuNode[] {
  const roots: MenuNode[] = [];
  const stack: MenuNode[][] = [roots];
  for (const f of normalize(flat, Infinity)) {
    const node: MenuNode = { label: f.label, url: f.url, megaTermId: f.depth === 0 ? f.megaTermId : null, megaCount: f.depth === 0 ? f.megaCount : null, children: [] };
    stack.length = f.depth + 1;
    stack[f.depth]!.push(node);
    stack[f.depth + 1] = node.children;
  }
  return roots;
}

/** Clamps depths: the first item is top-level, none deeper than one below the item above or `maxDepth`. */
export function normalize(flat: readonly FlatItem[], maxDepth: number): FlatItem[] {
  let prev = -1;
  return flat.map((f) => {
    const depth = Math.max(0, Math.min(f.depth, prev + 1, maxDepth));
    prev = depth;
    return depth === f.depth ? f : { ...f, depth };
  });
}

/** Index just past the item's last descendant. */
export function blockEnd(flat: readonly FlatItem[], i: number): number {
  let e = i + 1;
  while (e < flat.length && flat[e]!.depth > flat[i]!.depth) e++;
  return e;
}

/** The previous item at the same depth under the same parent, or -1. */
function previousSibling(flat: readonly FlatItem[], i: number): number {
  const d = flat[i]!.depth;
  for (let j = i - 1; j >= 0; j--) {
    if (flat[j]!.depth === d) return j;
    if (flat[j]!.depth < d) return -1;
  }
  return -1;
}

function nextSibling(flat: readonly FlatItem[], i: number): number {
  const e = blockEnd(flat, i);
  return e < flat.length && flat[e]!.depth === flat[i]!.depth ? e : -1;
}

const deepest = (flat: readonly FlatItem[], i: number) => Math.max(...flat.slice(i, blockEnd(flat, i)).map((f) => f.depth));

export type MenuMove = 'up' | 'down' | 'in' | 'out';

/** Whether a move is possible (buttons are disabled otherwise). */
export function canMove(flat: readonly FlatItem[], i: number, move: MenuMove, maxDepth: number): boolean {
  if (!flat[i]) return false;
  switch (move) {
    case 'up':
      return previousSibling(flat, i) !== -1;
    case 'down':
      return nextSibling(flat, i) !== -1;
    case 'in':
      return previousSibling(flat, i) !== -1 && deepest(flat, i) < maxDepth;
    case 'out':
      return flat[i]!.depth > 0;
  }
}

/** The list after a move of item `i` with its sub-items; unchanged when the move is not possible. */
export function moveItem(flat: readonly FlatItem[], i: number, move: MenuMove, maxDepth: number): FlatItem[] {
  if (!canMove(flat, i, move, maxDepth)) return [...flat];
  const e = blockEnd(flat, i);
  const block = flat.slice(i, e);
  if (move === 'up') {
    const j = previousSibling(flat, i);
    return [...flat.slice(0, j), ...block, ...flat.slice(j, i), ...flat.slice(e)];
  }
  if (move === 'down') {
    const n = nextSibling(flat, i)!;
    const ne = blockEnd(flat, n);
    return [...flat.slice(0, i), ...flat.slice(n, ne), ...block, ...flat.slice(ne)];
  }
  if (move === 'in') return [...flat.slice(0, i), ...block.map((f) => ({ ...f, depth: f.depth + 1 })), ...flat.slice(e)];
  // out: the item follows its parent (after the parent's other sub-items), one level up
  const rest = [...flat.slice(0, i), ...flat.slice(e)];
  let p = i - 1;
  while (flat[p]!.depth >= flat[i]!.depth) p--;
  const at = blockEnd(rest, p);
  return [...rest.slice(0, at), ...block.map((f) => ({ ...f, depth: f.depth - 1 })), ...rest.slice(at)];
}

/**
 * Drag-and-drop: the dragged item (with its sub-items) takes the place of the one it was dropped
 * on, at that item's depth; depths are then made valid again.
 */
export function dropItem(flat: readonly FlatItem[], fromKey: string, overKey: string, maxDepth: number): FlatItem[] {
  const from = flat.findIndex((f) => f.key === fromKey);
  const over = flat.findIndex((f) => f.key === overKey);
  if (from === -1 || over === -1 || from === over) return [...flat];
  const e = blockEnd(flat, from);
  if (over > from && over < e) return [...flat]; // onto its own sub-item
  const shift = flat[over]!.depth - flat[from]!.depth;
  const block = flat.slice(from, e).map((f) => ({ ...f, depth: f.depth + shift }));
  const rest = [...flat.slice(0, from), ...flat.slice(e)];
  const target = rest.findIndex((f) => f.key === overKey);
  const at = over > from ? blockEnd(rest, target) : target;
  return normalize([...rest.slice(0, at), ...block, ...rest.slice(at)], maxDepth);
}
