import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { IMPORT_MAX_BYTES, type ImportKind } from '../../contract/imports';
import { queryRows, type Db } from '../db/client';
import { sweepImports } from '../repositories/import-jobs';
import { detectFile, importError, type FileDetection } from './detect';

/** How long an uploaded file and a finished job's result are kept. */
export const IMPORT_KEEP_MS = 60 * 60 * 1000;
/** The ids of uploads and jobs (randomUUID): anything else is unknown without asking the database. */
export const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Bytes per stored part of a file (a bytea row each). */
const PART_BYTES = 1024 * 1024;

export interface StoredUpload {
  id: string;
  userId: number;
  kind: ImportKind;
  name: string | null;
  size: number;
  detection: FileDetection;
}

/**
 * Uploaded files: spooled to a temporary file as they arrive (never held in memory), checked, then
 * stored in the database in parts, so that the dry run and the apply may come to any process behind
 * a balancer. A process keeps a local copy of the files it read (they never change) for the parser,
 * which reads a file from disk; a copy older than IMPORT_KEEP_MS goes.
 */
export class ImportStore {
  private dir: string | null = null;
  /** Copies being written, by upload id: two requests for one file share one copy. */
  private readonly copying = new Map<string, Promise<string>>();

  constructor(private readonly db: () => Db) {}

  private async directory(): Promise<string> {
    this.dir ??= await mkdtemp(join(tmpdir(), 'imports-'));
    return this.dir;
  }

  private localPath(dir: string, id: string): string {
    return join(dir, `${id}.upload`);
  }

  /** Old uploads and finished jobs in the database, and old local copies. */
  async sweep(): Promise<void> {
    await sweepImports(this.db(), IMPORT_KEEP_MS);
    if (!this.dir) return;
    const old = Date.now() - IMPORT_KEEP_MS;
    for (const name of await readdir(this.dir).catch(() => [])) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < old) await unlink(path).catch(() => undefined);
    }
  }

  /** Spools the body to a file, at most IMPORT_MAX_BYTES (a larger one is refused as soon as it passes the limit), and stores it. */
  async save(body: Readable, owner: { userId: number; kind: ImportKind; name: string | null }): Promise<StoredUpload> {
    await this.sweep();
    const id = randomUUID();
    const dir = await this.directory();
    const path = this.localPath(dir, id);
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
    try {
      const upload: StoredUpload = { id, ...owner, size, detection: detectFile(await this.head(path, size)) };
      await this.store(upload, path);
      return upload;
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
  }

  private async head(path: string, size: number): Promise<Uint8Array> {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(size, 64 * 1024));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The file's row and its parts, in one transaction (a part read from the spooled file at a time). */
  private async store(upload: StoredUpload, path: string): Promise<void> {
    const handle = await open(path, 'r');
    try {
      await this.db().transaction(async (tx) => {
        await tx.execute(
          sql`insert into import_uploads (id, user_id, kind, name, size, detection)
              values (${upload.id}, ${upload.userId}, ${upload.kind}, ${upload.name}, ${upload.size}, ${JSON.stringify(upload.detection)}::jsonb)`,
        );
        const buffer = Buffer.alloc(PART_BYTES);
        for (let part = 0, offset = 0; offset < upload.size; part++) {
          const { bytesRead } = await handle.read(buffer, 0, PART_BYTES, offset);
          if (bytesRead === 0) break;
          // As base64: both drivers send a Buffer parameter as hex text, which PGlite encodes ten times slower.
          await tx.execute(sql`insert into import_upload_parts (upload_id, part, data) values (${upload.id}, ${part}, decode(${buffer.toString('base64', 0, bytesRead)}, 'base64'))`);
          offset += bytesRead;
        }
      });
    } finally {
      await handle.close();
    }
  }

  async forget(id: string): Promise<void> {
    await this.db().execute(sql`delete from import_uploads where id = ${id}`);
    if (this.dir) await unlink(this.localPath(this.dir, id)).catch(() => undefined);
  }

  /** The user's upload of that kind; the 400 «expired» otherwise (another user's is not told apart). */
  async upload(id: string, userId: number, kind: ImportKind): Promise<StoredUpload> {
    const [row] = IMPORT_ID.test(id)
      ? await queryRows<{ id: string; user_id: number; kind: ImportKind; name: string | null; size: number; detection: FileDetection }>(
          this.db(),
          sql`select id, user_id, kind, name, size, detection from import_uploads where id = ${id}`,
        )
      : [];
    if (!row || Number(row.user_id) !== userId || row.kind !== kind) throw importError('expired');
    return { id: row.id, userId: Number(row.user_id), kind: row.kind, name: row.name, size: Number(row.size), detection: row.detection };
  }

  /** A local copy of the upload for the parser: this process's own, or one written from the database's parts. */
  async file(upload: StoredUpload): Promise<string> {
    const dir = await this.directory();
    const path = this.localPath(dir, upload.id);
    const info = await stat(path).catch(() => null);
    if (info?.size === upload.size) return path;
    const pending = this.copying.get(upload.id) ?? this.copy(upload.id, path).finally(() => this.copying.delete(upload.id));
    this.copying.set(upload.id, pending);
    return pending;
  }

  private async copy(id: string, path: string): Promise<string> {
    const partial = `${path}.${randomUUID()}.part`;
    const handle = await open(partial, 'w');
    try {
      for (let part = 0; ; part++) {
        const [row] = await queryRows<{ data: string }>(this.db(), sql`select encode(data, 'base64') as data from import_upload_parts where upload_id = ${id} and part = ${part}`);
        if (!row) break;
        await handle.write(Buffer.from(row.data, 'base64'));
      }
    } finally {
      await handle.close();
    }
    await rename(partial, path);
    return path;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.copying.values());
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
