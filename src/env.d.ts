/// <reference types="astro/client" />
import type { Runtime } from './server/runtime.server.ts';
import type { Logger } from './server/log.server.ts';
import type { User } from './features/accounts/types.ts';
import type { Settings } from './features/site/settings.ts';
import type { Translate } from './i18n/index.ts';

declare global {
  namespace App {
    interface Locals {
      runtime: Runtime;
      requestId: string;
      /** the client's address: the socket's, or the right-most untrusted hop behind TRUSTED_PROXIES (src/server/http/client-address.server.ts) */
      clientAddress: string;
      log: Logger;
      user: User | null;
      sessionId: string | null;
      settings: Settings;
      t: Translate;
    }
  }
}
export {};
