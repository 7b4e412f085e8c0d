import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { goToSmartListItem } from './nav.ts';

export interface SmartListNavProps {
  postId: number;
  items: { url: string; label: string }[];
  /** localised "Jump to item" / "Choose an item" */
  jump: string;
  choose: string;
}

/**
 * The smart list's dropdown (island `smart-list`, SPEC 2): choosing an item navigates to that
 * item's URL. An item of this post is a same-page navigation: the address changes (a history
 * entry, so Back returns) and the item is scrolled to below the sticky bars and this dropdown.
 */
export function SmartListNav({ postId, items, jump, choose }: SmartListNavProps) {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLSelectElement>(null);
  const selectId = `smartlist-${postId}`;
  const pick = (select: HTMLSelectElement) => {
    setValue(select.value);
    if (select.value) goToSmartListItem(select, select.value);
  };
  const onChange = (e: ChangeEvent<HTMLSelectElement>) => pick(e.target);
  // a choice made before the island hydrated (the server's select works on its own) still navigates
  useEffect(() => {
    if (ref.current?.value) pick(ref.current);
  }, []);
  return (
    <div className="smartlist__nav" data-smartlist-nav="">
      <label htmlFor={selectId}>{jump}</label>
      <select ref={ref} id={selectId} name="item" value={value} onChange={onChange}>
        <option value="" disabled>
          {choose}
        </option>
        {items.map((item) => (
          <option key={item.url} value={item.url}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}
