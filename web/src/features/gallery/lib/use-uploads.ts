import { useCallback, useRef, useState } from 'react';
import type { Envelope } from '@/lib/api';
import { messageOf } from '@/lib/api';
import type { Image } from '@/types/api.gen';
import { toUploadable } from './heic';
import { MAX_BYTES, MAX_MB, isAccepted, takeFiles } from './rules';

/** Spec section 3, Upload message: one row of the upload status card. */
export interface UploadRow {
  id: string;
  name: string;
  status: 'processing' | 'done' | 'error';
  /** What went wrong: a code the dashboard translates, or the server's own sentence. */
  error?: { code: string; size?: number } | { text: string };
}

type Send = (source: { file: File } | { link: string }) => Promise<Envelope<Image>>;

/** The server's coded refusal (`data.code`, e.g. imageOverSize with `size`), else its message. */
export function rowError(res: Envelope<unknown>): NonNullable<UploadRow['error']> {
  const data = res.data as { code?: unknown; size?: unknown } | null;
  if (data && typeof data.code === 'string') return { code: data.code, size: typeof data.size === 'number' ? data.size : undefined };
  return { text: messageOf(res) || `HTTP ${res.status}` };
}

/** The server's own refusal of a file over 2 MB, said before the file is sent for nothing. */
const overSize: Envelope<Image> = { status: 204, success: false, message: '', data: null };

/** Sends the file (converted first when it is HEIC) unless it is over 2 MB. */
async function sendFile(send: Send, file: File): Promise<Envelope<Image>> {
  const ready = await toUploadable(file);
  if (ready.size > MAX_BYTES) return { ...overSize, data: { code: 'imageOverSize', size: MAX_MB } as unknown as Image };
  return send({ file: ready });
}

let seq = 0;
const nextId = () => `upload-${++seq}`;

/**
 * The uploader's rows: each chosen file (or address) is a row, processing until the server
 * answers, then done or error. Files beyond the library's room are dropped and counted; files of
 * another type are errors at once, never sent. Files go one after another (the server decodes
 * each on a core of its own; a burst would only queue there).
 */
export function useUploads(send: Send, inLibrary: number, onUploaded: () => void) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [dropped, setDropped] = useState(0);
  const queue = useRef(Promise.resolve());

  const update = useCallback(
    (id: string, patch: Partial<UploadRow>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r))),
    [],
  );

  const run = useCallback(
    (id: string, work: () => Promise<Envelope<Image>>) => {
      queue.current = queue.current.then(async () => {
        let res: Envelope<Image>;
        try {
          res = await work();
        } catch {
          update(id, { status: 'error', error: { code: 'heicFailed' } });
          return;
        }
        if (res.success) {
          update(id, { status: 'done' });
          onUploaded();
        } else update(id, { status: 'error', error: rowError(res) });
      });
    },
    [onUploaded, update],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { taken, dropped: over } = takeFiles(files, inLibrary + rows.filter((r) => r.status === 'processing').length);
      setDropped((d) => d + over.length);
      const added = taken.map((file) => ({ file, row: { id: nextId(), name: file.name, status: 'processing' as const } }));
      setRows((rs) => [
        ...added.map(({ file, row }) => (isAccepted(file) ? row : { ...row, status: 'error' as const, error: { code: 'notAccepted' } })),
        ...rs,
      ]);
      for (const { file, row } of added) {
        if (isAccepted(file)) run(row.id, () => sendFile(send, file));
      }
    },
    [inLibrary, rows, run, send],
  );

  const addLink = useCallback(
    (link: string) => {
      const row: UploadRow = { id: nextId(), name: link, status: 'processing' };
      setRows((rs) => [row, ...rs]);
      run(row.id, () => send({ link }));
    },
    [run, send],
  );

  const clear = useCallback(() => {
    setRows((rs) => rs.filter((r) => r.status === 'processing'));
    setDropped(0);
  }, []);

  return { rows, dropped, addFiles, addLink, clear };
}
