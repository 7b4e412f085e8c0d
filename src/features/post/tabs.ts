/** WAI tabs keyboard model: which tab a key moves to (wrapping), or null when the key is not ours. */
export function nextTabIndex(key: string, current: number, count: number, rtl = false): number | null {
  if (count <= 0) return null;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return (current + 1) % count;
    case back:
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
