import { describe, expect, it } from 'vitest';
import { build, canMove, dropItem, flatten, moveItem, normalize, type FlatItem, type MenuNode } from './menu-tree.ts';

const node = (label: string, children: MenuNode[] = []): MenuNode => ({ label, url: `/${label.toLowerCase()}/`, megaTermId: null, megaCount: null, children });
const shape = (flat: FlatItem[]) => flat.map((f) => `${'-'.repeat(f.depth)}${f.label}`);

// Home, Travel (Coast, Cities), Food, About
const menu = () => flatten([node('Home'), node('Travel', [node('Coast'), node('Cities')]), node('Food'), node('About')]);
const at = (flat: FlatItem[], label: string) => flat.findIndex((f) => f.label === label);

describe('menu tree editing', () => {
  it('flattens and builds back the same tree', () => {
    const tree = [node('Home'), node('Travel', [node('Coast', [node('Cliffs')])])];
    expect(build(flatten(tree))).toEqual(tree);
  });

  it('moves an item up and down among its siblings, with its sub-items', () => {
    const m = menu();
    expect(shape(moveItem(m, at(m, 'Food'), 'up', 2))).toEqual(['Home', 'Food', 'Travel', '-Coast', '-Cities', 'About']);
    expect(shape(moveItem(m, at(m, 'Travel'), 'down', 2))).toEqual(['Home', 'Food', 'Travel', '-Coast', '-Cities', 'About']);
    expect(shape(moveItem(m, at(m, 'Cities'), 'up', 2))).toEqual(['Home', 'Travel', '-Cities', '-Coast', 'Food', 'About']);
    // the first child cannot go up, the last item cannot go down
    expect(canMove(m, at(m, 'Coast'), 'up', 2)).toBe(false);
    expect(canMove(m, at(m, 'About'), 'down', 2)).toBe(false);
    expect(shape(moveItem(m, at(m, 'Coast'), 'up', 2))).toEqual(shape(m));
  });

  it('nests under the previous sibling and un-nests after the parent', () => {
    const m = menu();
    expect(shape(moveItem(m, at(m, 'Food'), 'in', 2))).toEqual(['Home', 'Travel', '-Coast', '-Cities', '-Food', 'About']);
    expect(shape(moveItem(m, at(m, 'Coast'), 'out', 2))).toEqual(['Home', 'Travel', '-Cities', 'Coast', 'Food', 'About']);
    expect(canMove(m, at(m, 'Home'), 'in', 2)).toBe(false);
    expect(canMove(m, at(m, 'Home'), 'out', 2)).toBe(false);
    // not deeper than the location allows
    expect(canMove(m, at(m, 'Cities'), 'in', 1)).toBe(false);
    expect(canMove(m, at(m, 'Travel'), 'in', 1)).toBe(false);
    expect(canMove(m, at(m, 'Travel'), 'in', 2)).toBe(true);
  });

  it('drops a dragged item with its sub-items in place of another, keeping depths valid', () => {
    const m = menu();
    expect(shape(dropItem(m, m[at(m, 'Travel')]!.key, m[at(m, 'About')]!.key, 2))).toEqual(['Home', 'Food', 'About', 'Travel', '-Coast', '-Cities']);
    expect(shape(dropItem(m, m[at(m, 'About')]!.key, m[at(m, 'Coast')]!.key, 2))).toEqual(['Home', 'Travel', '-About', '-Coast', '-Cities', 'Food']);
    expect(shape(dropItem(m, m[at(m, 'Travel')]!.key, m[at(m, 'Coast')]!.key, 2))).toEqual(shape(m));
    // a sub-item dropped at the top becomes top-level
    expect(shape(dropItem(m, m[at(m, 'Cities')]!.key, m[at(m, 'Home')]!.key, 2))).toEqual(['Cities', 'Home', 'Travel', '-Coast', 'Food', 'About']);
  });

  it('normalizes impossible depths and drops mega options below the top level', () => {
    const flat = normalize([{ key: 'a', label: 'A', url: '/', megaTermId: null, megaCount: null, depth: 2 }, { key: 'b', label: 'B', url: '/', megaTermId: 3, megaCount: 4, depth: 5 }], 2);
    expect(flat.map((f) => f.depth)).toEqual([0, 1]);
    expect(build(flat)[0]!.children[0]!.megaTermId).toBeNull();
  });
});
