import { describe, expect, it } from 'vitest';
import { parentChoices } from './FieldsPanel.tsx';

const page = (id: number, title: string, parentId: number | null = null, menuOrder = 0) => ({ id, title, parentId, menuOrder });

describe('parentChoices', () => {
  const pages = [page(1, 'About'), page(2, 'Team', 1), page(3, 'Captains', 2), page(4, 'Contact'), page(5, '', null), page(6, 'Orphan', 99)];

  it('lists the tree indented, children under their parent, an orphan at the top', () => {
    expect(parentChoices(pages, null, '(no title)').map((o) => o.label)).toEqual(['About', '— Team', '— — Captains', 'Contact', '(no title)', 'Orphan']);
  });

  it('never offers the page itself nor anything below it', () => {
    expect(parentChoices(pages, 2, '(no title)').map((o) => o.value)).toEqual(['1', '4', '5', '6']);
  });
});
