import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * What makes a local chain: the settings it was created with. A journal is replayed only onto a
 * chain created with the same ones.
 */
export const ChainHeader = z.object({
  version: z.literal(1),
  /** gen_utime of the zero state. */
  startTime: z.number().int(),
  shards: z.union([z.literal(1), z.literal(2)]),
  seed: z.string(),
});
export type ChainHeader = z.infer<typeof ChainHeader>;

/** One sealed masterchain block: its inputs (what is not derived from the chain) and its hash. */
export const SealRecord = z.object({
  seqno: z.number().int().positive(),
  genUtime: z.number().int(),
  /** Root hash of the masterchain block (base64): a replay that differs stops there. */
  rootHash: z.string(),
  /** External and injected messages of the block in queue order, as BoCs (base64). */
  messages: z.array(z.string()),
  /** The config the block carries when it is a key block (base64 BoC). */
  config: z.string().optional(),
});
export type SealRecord = z.infer<typeof SealRecord>;

export interface Journal {
  readonly header: ChainHeader;
  /** Consecutive from seqno 1. */
  readonly records: readonly SealRecord[];
  /** Bytes of the file that hold the header and those records; anything after is a torn tail. */
  readonly validBytes: number;
}

const FILE = 'chain.jsonl';

/**
 * Reads a journal's text: the header line, then one record per line, consecutive from seqno 1. A
 * line without its newline, or one that does not parse, ends the journal there (a write torn by a
 * crash); undefined when even the header is not whole.
 */
export function parseJournal(text: string): Journal | undefined {
  let offset = 0;
  let header: ChainHeader | undefined;
  const records: SealRecord[] = [];
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    if (end < 0) {
      break;
    }
    const line = text.slice(offset, end);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      // A line torn by a crash and followed by a later write: the journal ends before it.
      break;
    }
    if (header === undefined) {
      const h = ChainHeader.safeParse(parsed);
      if (!h.success) {
        return undefined;
      }
      header = h.data;
    } else {
      const r = SealRecord.safeParse(parsed);
      if (!r.success || r.data.seqno !== records.length + 1) {
        break;
      }
      records.push(r.data);
    }
    offset = end + 1;
  }
  return header === undefined
    ? undefined
    : { header, records, validBytes: Buffer.byteLength(text.slice(0, offset)) };
}

/**
 * The local network's chain on disk (`<dir>/chain.jsonl`): the settings it was created with and,
 * per masterchain block, its inputs and hash — enough to produce the same chain again after a
 * restart (chain-resume.ts). Appends are asynchronous and unsynced, after the seal, so they cost the
 * block producer nothing measurable; after a crash the journal ends at the last whole line.
 */
export class ChainStore {
  private constructor(
    readonly dir: string,
    private readonly out: WriteStream,
  ) {}

  /** The journal in `dir`, cut to its last whole record; undefined when there is none. */
  static async load(dir: string): Promise<Journal | undefined> {
    let buffer: Buffer;
    try {
      buffer = await readFile(join(dir, FILE));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return undefined;
      }
      throw error;
    }
    const journal = parseJournal(buffer.toString('utf8'));
    if (journal !== undefined && journal.validBytes < buffer.length) {
      await truncate(join(dir, FILE), journal.validBytes);
    }
    return journal;
  }

  /** A new journal for a new chain (replacing any earlier one). */
  static async create(dir: string, header: ChainHeader): Promise<ChainStore> {
    await mkdir(dir, { recursive: true });
    const temporary = join(dir, `${FILE}.${String(process.pid)}.tmp`);
    await writeFile(temporary, `${JSON.stringify(header)}\n`);
    await rename(temporary, join(dir, FILE));
    return ChainStore.openForAppend(dir);
  }

  /** Appends to the journal `load` returned (already cut to its whole records). */
  static openForAppend(dir: string): ChainStore {
    return new ChainStore(dir, createWriteStream(join(dir, FILE), { flags: 'a' }));
  }

  static async remove(dir: string): Promise<void> {
    await rm(join(dir, FILE), { force: true });
  }

  append(record: SealRecord): void {
    this.out.write(`${JSON.stringify(record)}\n`);
  }

  /** Flushes what was appended and closes the file. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.out.end(resolve);
    });
  }
}
