import { useCallback, useRef, useState } from 'react';
import type { MediaItem } from '../../features/media/types.ts';
import { ADMIN_HEADERS, ApiError, apiUrl } from '../shell/api.ts';

/**
 * Uploads with a progress bar each: the file itself is the request body (no multipart parsing on
 * the server), sent with XMLHttpRequest because fetch reports no upload progress. Two at a time.
 */
export interface UploadState {
  key: string;
  name: string;
  size: number;
  /** 0..1 */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  item?: MediaItem;
}

export function uploadFile(file: File, onProgress: (fraction: number) => void, query?: Record<string, string>): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(query?.id ? 'media.replace' : 'media.upload', query));
    for (const [k, v] of Object.entries(ADMIN_HEADERS)) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-filename', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      type Answer = { ok?: boolean; data?: MediaItem; error?: { code: string; message: string; field?: string } };
      let body: Answer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        body = null;
      }
      if (body?.ok && body.data) resolve(body.data);
      else reject(new ApiError(xhr.status, body?.error ?? { code: 'bad_answer', message: `The server answered ${xhr.status}.` }));
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'offline', message: 'The server cannot be reached. Try again when you are back online.' }));
    xhr.send(file);
  });
}

const PARALLEL = 2;

/** A queue of uploads; `onUploaded` is told about each finished one. */
export function useUploads(onUploaded: (item: MediaItem) => void) {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const queue = useRef<{ key: string; file: File }[]>([]);
  const running = useRef(0);
  const seq = useRef(0);
  const latest = useRef(onUploaded);
  latest.current = onUploaded;

  const update = (key: string, patch: Partial<UploadState>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length) {
      const next = queue.current.shift()!;
      running.current++;
      update(next.key, { status: 'uploading' });
      uploadFile(next.file, (p) => update(next.key, { progress: p }))
        .then((item) => {
          update(next.key, { status: 'done', progress: 1, item });
          latest.current(item);
        })
        .catch((err: unknown) => update(next.key, { status: 'failed', error: err instanceof Error ? err.message : String(err) }))
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadState[] = [];
      for (const file of files) {
        const key = `u${++seq.current}`;
        queue.current.push({ key, file });
        added.push({ key, name: file.name || 'image', size: file.size, progress: 0, status: 'waiting' });
      }
      if (!added.length) return;
      setUploads((list) => [...list.filter((u) => u.status !== 'done'), ...added]);
      pump();
    },
    [pump],
  );

  const clearDone = useCallback(() => setUploads((list) => list.filter((u) => u.status !== 'done')), []);
  return { uploads, add, clearDone, busy: uploads.some((u) => u.status === 'waiting' || u.status === 'uploading') };
}
