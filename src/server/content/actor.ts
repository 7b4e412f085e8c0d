import type { Role } from '../../features/accounts/types.ts';

/** Who asks for a write: the signed-in user of the admin, or the account an import runs as. */
export interface Actor {
  id: number;
  role: Role;
}
