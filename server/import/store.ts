import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, open, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES, type ImportCounts, type ImportJob, type ImportKind } from '../../contract/imports';
import { serverText } from '../../contract/server-texts';
import { ApiError } from '../http/errors';
import { detectFile, importError, type FileDetection } from './detect';

/** How long an uploaded file and a finished job's result are kept. */
const KEEP_MS = 60 * 60 * 1000;

export interface StoredUpload {
  id: string;
  userId: number;
  kind: ImportKind;
  name: string | null;
  path: string;
  size: number;
  detection: FileDetection;
  at: number;
}

export interface RunningJob extends ImportJob {
  userId: number;
  resultPath: string;
  at: number;
  done: Promise<void>;
}

/**
 * Uploaded files (spooled to a temporary directory as they arrive, never held in memory) and the
 * apply jobs of this process, with their result files. A job is polled on the process that runs it.
 */
export class ImportStore {
  private dir: string | null = null;
  private readonly uploads = new Map<string, StoredUpload>();
  private readonly jobs = new Map<string, RunningJob>();
  closing = false;

  private async directory(): Promise<string> {
    this.dir ??= await mkdtemp(join(tmpdir(), 'imports-'));
    return this.dir;
  }

  private sweep(): void {
    const old = Date.now() - KEEP_MS;
    for (const [id, upload] of this.uploads) {
      if (upload.at < old) {
        this.uploads.delete(id);
        void unlink(upload.path).catch(() => undefined);
      }
    }
    for (const [id, job] of this.jobs) {
      if (job.state !== 'running' && job.at < old) {
        this.jobs.delete(id);
        void unlink(job.resultPath).catch(() => undefined);
      }
    }
  }

  /** Spools the body to a file, at most IMPORT_MAX_BYTES (a larger one is refused as soon as it passes the limit). */
  async save(body: Readable, owner: { userId: number; kind: ImportKind; name: string | null }): Promise<StoredUpload> {
    this.sweep();
    const id = randomUUID();
    const path = join(await this.directory(), `${id}.upload`);
    let size = 0;
    let tooLarge = false;
    const out: WriteStream = createWriteStream(path);
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > IMPORT_MAX_BYTES) {
              tooLarge = true;
              throw importError('too-large');
            }
            yield chunk;
          }
        },
        out,
      );
    } catch (error) {
      await unlink(path).catch(() => undefined);
      if (tooLarge) throw importError('too-large');
      throw error;
    }
    const handle = await open(path, 'r');
    let sample: Uint8Array;
    try {
      const buffer = Buffer.alloc(Math.min(size, 64 * 1024));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      sample = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    let detection: FileDetection;
    try {
      detection = detectFile(sample);
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
    const upload: StoredUpload = { id, ...owner, path, size, detection, at: Date.now() };
    this.uploads.set(id, upload);
    return upload;
  }

  forget(id: string): void {
    const upload = this.uploads.get(id);
    if (!upload) return;
    this.uploads.delete(id);
    void unlink(upload.path).catch(() => undefined);
  }

  /** The user's upload of that kind; the 400 «expired» otherwise (another user's is not told apart). */
  upload(id: string, userId: number, kind: ImportKind): StoredUpload {
    const upload = this.uploads.get(id);
    if (!upload || upload.userId !== userId || upload.kind !== kind) throw importError('expired');
    return upload;
  }

  async startJob(userId: number, kind: ImportKind, run: (job: RunningJob) => Promise<void>): Promise<RunningJob> {
    const id = randomUUID();
    const counts: ImportCounts = { total: 0, create: 0, change: 0, unchanged: 0, refused: 0, failed: 0 };
    const job: RunningJob = {
      id,
      kind,
      state: 'running',
      processed: 0,
      total: null,
      counts,
      message: null,
      userId,
      resultPath: join(await this.directory(), `${id}.result.csv`),
      at: Date.now(),
      done: Promise.resolve(),
    };
    this.jobs.set(id, job);
    job.done = run(job).then(
      () => {
        job.state = 'done';
        job.at = Date.now();
      },
      (error: unknown) => {
        job.state = 'failed';
        // A file that breaks halfway fails the job with its message (the rows before it are written): a
        // refusal of ours keeps its code (contract/server-texts.ts), a failure without words says «Импорт прерван».
        const message = error instanceof Error ? error.message : String(error);
        Object.assign(job, error instanceof ApiError ? error.text : message ? { message } : serverText('import.interrupted'));
        job.at = Date.now();
      },
    );
    return job;
  }

  job(id: string, userId: number): RunningJob | null {
    const job = this.jobs.get(id);
    return job && job.userId === userId ? job : null;
  }

  /** Waits for the running jobs (they stop at their next batch) and removes the files. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.jobs.values()].map((job) => job.done));
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

export const publicJob = ({ id, kind, state, processed, total, counts, message, messageCode, messageParams }: RunningJob): ImportJob => ({
  id,
  kind,
  state,
  processed,
  total,
  counts: { ...counts },
  message,
  ...(messageCode === undefined ? {} : { messageCode, messageParams: messageParams ?? {} }),
});
