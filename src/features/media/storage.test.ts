import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalStore, MediaStoreError, publicMediaUrl, siteUrlOf, uploadKeyOf, validKey } from './storage.server.ts';

describe('media store keys and addresses', () => {
  it('accepts keys of an area with plain segments only', () => {
    expect(validKey('uploads/2026/11/a-1.webp')).toBe(true);
    expect(validKey('originals/2026/11/a.jpg')).toBe(true);
    for (const k of ['uploads', 'other/a.jpg', '/uploads/a.jpg', 'uploads//a.jpg', 'uploads/../originals/a.jpg', 'uploads/./a.jpg', 'uploads/a\\b.jpg', 'uploads/a\u0000.jpg']) expect(validKey(k)).toBe(false);
  });

  it('links the site address, or the public base for uploads only', () => {
    expect(publicMediaUrl(undefined)('/media/uploads/2026/11/a.webp')).toBe('/media/uploads/2026/11/a.webp');
    const url = publicMediaUrl('https://cdn.example.com/site/');
    expect(url('/media/uploads/2026/11/a.webp')).toBe('https://cdn.example.com/site/uploads/2026/11/a.webp');
    expect(url('/media/demo/harbour.jpg')).toBe('/media/demo/harbour.jpg');
    expect(url('https://old.example.com/a.jpg')).toBe('https://old.example.com/a.jpg');
  });

  it('finds the key behind either spelling of an upload, and nothing else', () => {
    expect(uploadKeyOf('/media/uploads/2026/11/a.webp')).toBe('uploads/2026/11/a.webp');
    expect(uploadKeyOf('https://cdn.example.com/site/uploads/2026/11/a.webp', 'https://cdn.example.com/site')).toBe('uploads/2026/11/a.webp');
    expect(uploadKeyOf('https://cdn.example.com/site/uploads/2026/11/a.webp')).toBeNull();
    expect(uploadKeyOf('/media/demo/harbour.jpg')).toBeNull();
    expect(uploadKeyOf('/media/uploads/../originals/a.jpg')).toBeNull();
    expect(siteUrlOf('uploads/2026/11/a.webp')).toBe('/media/uploads/2026/11/a.webp');
  });
});

describe('local media store', () => {
  it('writes once, reads with an ETag, lists, deletes, and refuses keys outside its areas', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'masthead-store-'));
    try {
      const store = createLocalStore(dir);
      await store.put('uploads/2026/11/a.txt', Buffer.from('hello'), 'text/plain');
      await expect(store.put('uploads/2026/11/a.txt', Buffer.from('again'), 'text/plain')).rejects.toBeInstanceOf(MediaStoreError);
      const got = await store.get('uploads/2026/11/a.txt');
      if (!got || got === 'not-modified') throw new Error('missing');
      expect(got.size).toBe(5);
      got.body.destroy();
      expect(await store.get('uploads/2026/11/a.txt', got.etag)).toBe('not-modified');
      expect(await store.get('uploads/2026/11/none.txt')).toBeNull();
      const keys: string[] = [];
      for await (const e of store.list('uploads/')) {
        keys.push(e.key);
        expect(e.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
      expect(keys).toEqual(['uploads/2026/11/a.txt']);
      await store.remove(['uploads/2026/11/a.txt', 'uploads/2026/11/none.txt']);
      expect(await store.get('uploads/2026/11/a.txt')).toBeNull();
      await expect(store.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(MediaStoreError);
      expect(store.localDir('uploads')).toBe(path.join(dir, 'uploads'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores a file of the disk by copying it, or by moving it (private files kept from other users)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'masthead-store-'));
    try {
      const store = createLocalStore(dir);
      const source = path.join(dir, 'source.bin');
      writeFileSync(source, 'staged bytes');
      await store.putFile('uploads/2026/11/copy.bin', source, 'application/octet-stream');
      expect(existsSync(source)).toBe(true);
      await store.putFile('private/imports/moved.xml', source, 'application/xml', { move: true });
      expect(existsSync(source)).toBe(false);
      const moved = path.join(dir, 'private', 'imports', 'moved.xml');
      expect(readFileSync(moved, 'utf8')).toBe('staged bytes');
      expect(statSync(moved).mode & 0o777).toBe(0o640);
      // never written twice
      writeFileSync(source, 'other bytes');
      await expect(store.putFile('private/imports/moved.xml', source, 'application/xml', { move: true })).rejects.toBeInstanceOf(MediaStoreError);
      expect(readFileSync(moved, 'utf8')).toBe('staged bytes');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
