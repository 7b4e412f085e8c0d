/**
 * `npm start`: builds the site when needed, then runs the server (embedded SQLite and the demo
 * content unless the environment says otherwise).
 */
import path from 'node:path';
import { buildIfNeeded, root } from './lib.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
buildIfNeeded();
process.chdir(root);
process.argv[1] = path.join(root, 'src/server/http/main.server.ts');
await import('../src/server/http/main.server.ts');
