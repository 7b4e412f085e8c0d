/**
 * The server Playwright starts: a fresh DATA_DIR, a local SMTP catcher, then the real server.
 * The catcher writes every message to $E2E_MAIL_DIR/*.eml; while $E2E_MAIL_DIR/.down exists it
 * refuses mail (421), so tests can simulate an SMTP outage.
 */
import { rmSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { root } from './lib.ts';

const dataDir = process.env.DATA_DIR ?? path.join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(root, '.tmp/e2e-mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let n = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onConnect(_session, cb) {
    if (existsSync(path.join(mailDir, '.down'))) {
      const err = Object.assign(new Error('Service not available (test outage)'), { responseCode: 421 });
      return cb(err);
    }
    cb();
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      n += 1;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(path.join(mailDir, `${Date.now()}-${n}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      cb();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(Number(process.env.E2E_SMTP_PORT ?? 2599), '127.0.0.1', resolve));

process.argv[1] = path.join(root, 'src/server/http/main.server.ts');
process.chdir(root);
await import('../src/server/http/main.server.ts');
