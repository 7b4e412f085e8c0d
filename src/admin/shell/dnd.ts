import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { Translate } from '../../i18n/index.ts';

/**
 * What @dnd-kit says to screen readers while something is dragged, in the admin's language
 * (its own defaults are English only): picked up, over another item, dropped, cancelled, with
 * each item's own name and its position as "n of total".
 */
export function dndAccessibility(t: Translate, ids: readonly UniqueIdentifier[], nameOf: (id: UniqueIdentifier) => string): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const position = (id: UniqueIdentifier) => ({ n: ids.indexOf(id) + 1, total: ids.length });
  return {
    screenReaderInstructions: { draggable: t('admin.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('admin.dnd.start', { label: nameOf(active.id), ...position(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('admin.dnd.over', { label: nameOf(active.id), ...position(over.id) }) : t('admin.dnd.outside', { label: nameOf(active.id) })),
      onDragEnd: ({ active, over }) => (over ? t('admin.dnd.end', { label: nameOf(active.id), ...position(over.id) }) : t('admin.dnd.cancel', { label: nameOf(active.id) })),
      onDragCancel: ({ active }) => t('admin.dnd.cancel', { label: nameOf(active.id) }),
    },
  };
}
