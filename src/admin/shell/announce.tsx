import { useSyncExternalStore } from 'react';

/** One polite live region for the whole admin ("Saved", "Published"…), fed from anywhere. */
let message = '';
const listeners = new Set<() => void>();

export function announce(text: string) {
  // the same text twice in a row is still announced: clear first
  message = '';
  listeners.forEach((l) => l());
  setTimeout(() => {
    message = text;
    listeners.forEach((l) => l());
  }, 50);
}

export function Announcer() {
  const text = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => message,
    () => '',
  );
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-admin-announcer="">
      {text}
    </div>
  );
}
