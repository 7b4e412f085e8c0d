import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/**
 * A stand-in for ServerResponse that Astro's node handler writes into, so the server entry can
 * compress, cache and add headers to the whole rendered response before it goes out.
 */
export class CapturedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  /** set when the handler gave up mid-response (Astro destroys the response when a render throws after it began streaming) */
  failed = false;
  readonly headers: Record<string, string | string[]> = {};
  private chunks: Buffer[] = [];
  readonly done: Promise<void>;
  private resolve!: () => void;

  readonly req: IncomingMessage;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
    this.done = new Promise((r) => (this.resolve = r));
  }

  writeHead(status: number, headers?: OutgoingHttpHeaders | string, maybeHeaders?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    const h = typeof headers === 'object' ? headers : maybeHeaders;
    if (h) for (const [k, v] of Object.entries(h)) if (v !== undefined) this.setHeader(k, v);
    this.headersSent = true;
    return this;
  }
  setHeader(name: string, value: number | string | readonly string[]): this {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? [...value] : String(value);
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  removeHeader(name: string) {
    delete this.headers[name.toLowerCase()];
  }
  write(chunk: string | Uint8Array, cb?: () => void): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    cb?.();
    return true;
  }
  end(chunk?: string | Uint8Array | (() => void)): this {
    if (chunk && typeof chunk !== 'function') this.write(chunk);
    this.headersSent = true;
    this.emit('finish');
    this.resolve();
    return this;
  }
  destroy(): void {
    this.failed = true;
    this.emit('close');
    this.resolve();
  }
  body(): Buffer {
    // Astro writes a rendered page as one chunk: handed on as it is, not copied
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}
