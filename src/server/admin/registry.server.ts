import type { z } from 'zod';
import type { Runtime } from '../runtime.server.ts';
import type { Logger } from '../log.server.ts';
import type { User } from '../../features/accounts/types.ts';
import type { Permission } from '../../features/accounts/permissions.ts';
import type { Actor } from '../content/actor.ts';

/**
 * One admin API action: its name, the zod schema of its input, the permission it needs at least
 * (finer, per-item rules live in the write services), and a handler that never sees the Request.
 * The endpoint (handler.server.ts) checks origin, the CSRF header, the session, the role, the
 * body size and the schema once for all actions. Issue 10's screens add their actions here too.
 */
export interface AdminContext {
  user: User;
  actor: Actor;
  runtime: Runtime;
  log: Logger;
  /** the caller's session (a password change ends the others) */
  sessionId?: string;
}

/**
 * An upload action gets the raw file besides its (query-string) input: in memory (`bytes`), or,
 * for an action declared `upload: 'disk'`, streamed into a temporary file under
 * DATA_DIR/uploads-tmp (`path`) that the handler moves away or leaves to be deleted after it.
 */
export type AdminFile = { filename: string; type: string } & ({ bytes: Uint8Array; path?: undefined } | { path: string; size: number; bytes?: undefined });

export interface AdminAction<S extends z.ZodType = z.ZodType, R = unknown> {
  permission: Permission;
  input: S;
  /**
   * takes the request body as a file; its input comes from the query string. `true`: held in
   * memory (images, bounded by the media limit); `'disk'`: streamed to a temporary file (the
   * WordPress import's exports, up to hundreds of megabytes).
   */
  upload?: boolean | 'disk';
  /** largest upload body (default: the media library's limit) */
  maxBytes?: number;
  handler(input: z.output<S>, ctx: AdminContext, file: AdminFile | null): Promise<R>;
}

export const defineAdminAction = <S extends z.ZodType, R>(a: AdminAction<S, R>): AdminAction<S, R> => a;

// Any action, whatever its schema and result: the endpoint only needs the shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdminAction = AdminAction<z.ZodType, any>;
