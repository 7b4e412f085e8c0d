import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout; every request gets a child logger carrying its request id. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'masthead' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'password', '*.password'], remove: true },
  });
}
