import { createContext, useContext } from 'react';
import type { User } from '../../features/accounts/types.ts';
import type { Permission } from '../../features/accounts/permissions.ts';

/** What the server tells the admin at load (the page's props): who is signed in and what they may do. */
export interface Boot {
  user: User;
  permissions: Permission[];
  siteTitle: string;
  locale: string;
  /** sign-out form: its nonce (signed-in pages are never cached) */
  signOutNonce: string;
}

const BootContext = createContext<Boot | null>(null);
export const BootProvider = BootContext.Provider;

export function useBoot(): Boot {
  const b = useContext(BootContext);
  if (!b) throw new Error('useBoot outside the admin app');
  return b;
}

/** Whether the signed-in user has a permission (the server checks again on every call). */
export function useCan(): (p: Permission) => boolean {
  const { permissions } = useBoot();
  return (p) => permissions.includes(p);
}
