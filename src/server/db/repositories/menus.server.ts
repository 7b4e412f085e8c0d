import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import type { MenuItem, MenuLocation } from '../../../features/navigation/types.ts';

export interface NewMenuItem {
  label: string;
  url: string;
  megaTermId?: number | null;
  megaCount?: number | null;
  children?: NewMenuItem[];
}

export function menusRepository(db: Kysely<Database>) {
  return {
    /** The menu of a location as a tree. */
    async tree(location: MenuLocation): Promise<MenuItem[]> {
      const rows = await db.selectFrom('menu_items').selectAll().where('location', '=', location).orderBy('position').orderBy('id').execute();
      const byId = new Map<number, MenuItem>();
      for (const r of rows) byId.set(r.id, { id: r.id, label: r.label, url: r.url, megaTermId: r.mega_term_id, megaCount: r.mega_count, children: [] });
      const roots: MenuItem[] = [];
      for (const r of rows) {
        const item = byId.get(r.id)!;
        const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
        (parent ? parent.children : roots).push(item);
      }
      return roots;
    },
    async replace(location: MenuLocation, items: NewMenuItem[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('menu_items').where('location', '=', location).execute();
        const insert = async (list: NewMenuItem[], parentId: number | null) => {
          for (const [position, item] of list.entries()) {
            const row = await trx
              .insertInto('menu_items')
              .values({ location, parent_id: parentId, position, label: item.label, url: item.url, mega_term_id: item.megaTermId ?? null, mega_count: item.megaTermId ? (item.megaCount ?? null) : null })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (item.children?.length) await insert(item.children, row.id);
          }
        };
        await insert(items, null);
      });
    },
  };
}
export type MenusRepository = ReturnType<typeof menusRepository>;
