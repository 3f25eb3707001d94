import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, truncate } from 'node:fs/promises';
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
  /** Consecutive from the segment's first seqno. */
  readonly records: readonly SealRecord[];
  /** Bytes of the file that hold the header and those records; anything after is a torn tail. */
  readonly validBytes: number;
}

/**
 * Reads a journal segment's text: the header line, then one record per line, consecutive from
 * `first`. A line without its newline, or one that does not parse, ends the journal there (a write
 * torn by a crash); undefined when even the header is not whole.
 */
export function parseJournal(text: string, first = 1): Journal | undefined {
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
      if (!r.success || r.data.seqno !== first + records.length) {
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

/** The first segment (records from seqno 1); later ones are `chain-<first seqno>.jsonl`. */
const FIRST_SEGMENT = 'chain.jsonl';
const SEGMENT = /^chain-(\d+)\.jsonl$/;
const SNAPSHOT = /^snapshot-(\d+)\.json$/;

const segmentName = (first: number): string =>
  first === 1 ? FIRST_SEGMENT : `chain-${String(first)}.jsonl`;
export const snapshotName = (seqno: number): string => `snapshot-${String(seqno)}.json`;

/** What a data directory holds, read back. */
export interface SavedChain {
  readonly header: ChainHeader;
  /** The journal's records, consecutive from `first`, across its segments. */
  readonly records: readonly SealRecord[];
  /** Seqno of `records[0]`: 1, or one past the snapshot the journal was compacted to. */
  readonly first: number;
  /** Seqnos of the snapshot files, ascending. */
  readonly snapshots: readonly number[];
  /** Where the valid journal ends: its segment and that segment's valid bytes. */
  readonly end: { readonly segment: number; readonly validBytes: number };
  /** Segments after `end.segment` (left after a gap, e.g. a crash lost unsynced lines). */
  readonly unused: readonly number[];
}

function numbered(names: readonly string[], pattern: RegExp): number[] {
  return names
    .map((n) => (n === FIRST_SEGMENT && pattern === SEGMENT ? 1 : Number(pattern.exec(n)?.[1])))
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .sort((a, b) => a - b);
}

/** Writes `text` so that `path` holds either its old content or all of `text`, after a crash too. */
export async function writeFileDurably(path: string, text: string): Promise<void> {
  const temporary = `${path}.${String(process.pid)}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  await syncDirectory(join(path, '..'));
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function endStream(out: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    out.end(resolve);
  });
}

/**
 * The local network's chain on disk: a journal of the chain's masterchain blocks — the settings it
 * was created with and, per block, its inputs and hash, enough to produce the same chain again
 * after a restart (chain-resume.ts) — in segments, and snapshots of the chain's state
 * (chain-snapshot.ts). Each snapshot starts a new segment; once a newer snapshot covers the blocks
 * the history keeps, older snapshots and the segments before them are deleted (`compact`). Appends
 * are asynchronous and unsynced, after the seal, so they cost the block producer nothing
 * measurable; after a crash the journal ends at the last whole line. Snapshots are written to a
 * temporary file, synced and renamed into place.
 */
export class ChainStore {
  private out: WriteStream;
  /** First seqno of the segment appended to. */
  private segment: number;
  /** Segments from oldest to newest (first seqnos). */
  private readonly segments: number[];
  /** Snapshots written whole (seqnos, ascending). */
  private readonly snapshotSeqnos: number[];
  /** Earlier segments being closed and synced. */
  private closing: Promise<void> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly header: ChainHeader,
    segments: number[],
    snapshots: number[],
  ) {
    this.segments = segments;
    this.snapshotSeqnos = snapshots;
    const last = segments.at(-1) ?? 1;
    this.segment = last;
    this.out = createWriteStream(join(dir, segmentName(last)), { flags: 'a' });
  }

  /** The journal and snapshots in `dir`; undefined when there is no journal. */
  static async load(dir: string): Promise<SavedChain | undefined> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return undefined;
      }
      throw error;
    }
    const segments = numbered(names, SEGMENT);
    let header: ChainHeader | undefined;
    const records: SealRecord[] = [];
    let first = segments[0] ?? 1;
    let end: SavedChain['end'] | undefined;
    let i = 0;
    for (; i < segments.length; i++) {
      const start = segments[i] ?? 0;
      if (end !== undefined && start !== first + records.length) {
        break; // a gap: later segments cannot follow on
      }
      const text = await readFile(join(dir, segmentName(start)), 'utf8');
      const journal = parseJournal(text, start);
      if (journal === undefined) {
        if (end === undefined) {
          first = segments[i + 1] ?? first;
          continue; // a segment whose header was torn before anything followed it
        }
        break;
      }
      if (header !== undefined && JSON.stringify(journal.header) !== JSON.stringify(header)) {
        break;
      }
      header ??= journal.header;
      records.push(...journal.records);
      end = { segment: start, validBytes: journal.validBytes };
      if (journal.validBytes < Buffer.byteLength(text)) {
        i++;
        break; // torn: what follows in later segments would not be consecutive
      }
    }
    if (header === undefined || end === undefined) {
      return undefined;
    }
    return {
      header,
      records,
      first,
      snapshots: numbered(names, SNAPSHOT),
      end,
      unused: segments.slice(i),
    };
  }

  static async readSnapshot(dir: string, seqno: number): Promise<unknown> {
    return JSON.parse(await readFile(join(dir, snapshotName(seqno)), 'utf8')) as unknown;
  }

  /** A new journal for a new chain (replacing any earlier one and its snapshots). */
  static async create(dir: string, header: ChainHeader): Promise<ChainStore> {
    await ChainStore.remove(dir);
    await mkdir(dir, { recursive: true });
    await writeFileDurably(join(dir, FIRST_SEGMENT), `${JSON.stringify(header)}\n`);
    return new ChainStore(dir, header, [1], []);
  }

  /**
   * Appends to the journal `load` read, after the chain was produced again up to `head`: the
   * journal is cut to its whole records up to `head`, and what no longer follows on is deleted.
   */
  static async resume(dir: string, saved: SavedChain, head: number): Promise<ChainStore> {
    const names = await readdir(dir);
    const segments = numbered(names, SEGMENT).filter(
      (s) => s <= saved.end.segment && !saved.unused.includes(s),
    );
    // The segment holding `head` (records past it would be a replay that stopped early).
    const keep = segments.filter((s) => s <= head + 1);
    const last = keep.at(-1) ?? saved.end.segment;
    const lastText = await readFile(join(dir, segmentName(last)), 'utf8');
    const journal = parseJournal(lastText, last);
    const kept = journal?.records.filter((r) => r.seqno <= head).length ?? 0;
    const validBytes =
      journal === undefined
        ? 0
        : Buffer.byteLength(
            lastText
              .split('\n')
              .slice(0, 1 + kept)
              .map((l) => `${l}\n`)
              .join(''),
          );
    if (validBytes < Buffer.byteLength(lastText)) {
      await truncate(join(dir, segmentName(last)), validBytes);
    }
    for (const s of numbered(names, SEGMENT).filter((x) => x > last)) {
      await rm(join(dir, segmentName(s)), { force: true });
    }
    for (const name of names.filter((n) => n.endsWith('.tmp'))) {
      await rm(join(dir, name), { force: true });
    }
    const snapshots = numbered(names, SNAPSHOT).filter((s) => s <= head);
    return new ChainStore(dir, saved.header, keep, snapshots);
  }

  /** Removes the chain kept in `dir` (journal segments, snapshots, temporary files). */
  static async remove(dir: string): Promise<void> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      // No such directory: there is no kept chain to remove. Any other failure (not readable, not a
      // directory) would leave the old chain in place, so it is not hidden.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return;
      }
      throw error;
    }
    for (const name of names) {
      if (name === FIRST_SEGMENT || SEGMENT.test(name) || SNAPSHOT.test(name)) {
        await rm(join(dir, name), { force: true });
      } else if (name.endsWith('.tmp') && /^(chain|snapshot)/.test(name)) {
        await rm(join(dir, name), { force: true });
      }
    }
  }

  append(record: SealRecord): void {
    this.out.write(`${JSON.stringify(record)}\n`);
  }

  /**
   * Starts a new segment after masterchain block `seqno` (its record appended already), and
   * returns once the segments before it are on disk.
   */
  rotate(seqno: number): Promise<void> {
    const previous = this.out;
    const previousPath = join(this.dir, segmentName(this.segment));
    this.segment = seqno + 1;
    this.segments.push(this.segment);
    this.out = createWriteStream(join(this.dir, segmentName(this.segment)), { flags: 'w' });
    this.out.write(`${JSON.stringify(this.header)}\n`);
    this.closing = this.closing.then(async () => {
      await endStream(previous);
      await syncFile(previousPath);
    });
    return this.closing;
  }

  /** Writes the snapshot after masterchain block `seqno` (the segment after it already begun). */
  async writeSnapshot(seqno: number, body: object): Promise<void> {
    await writeFileDurably(
      join(this.dir, snapshotName(seqno)),
      JSON.stringify({ header: this.header, ...body }),
    );
    this.snapshotSeqnos.push(seqno);
    this.snapshotSeqnos.sort((a, b) => a - b);
  }

  get snapshots(): readonly number[] {
    return this.snapshotSeqnos;
  }

  /**
   * Deletes what a restart from snapshot `base` does not read: older snapshots, and the journal
   * segments whose records all precede it.
   */
  async compact(base: number): Promise<void> {
    if (!this.snapshotSeqnos.includes(base)) {
      throw new Error(`no snapshot ${String(base)} to compact to`);
    }
    for (const s of this.snapshotSeqnos.filter((x) => x < base)) {
      await rm(join(this.dir, snapshotName(s)), { force: true });
    }
    this.snapshotSeqnos.splice(0, this.snapshotSeqnos.indexOf(base));
    // A segment can go once the next one starts at or before base + 1 (all its records <= base).
    while (this.segments.length > 1 && (this.segments[1] ?? Infinity) <= base + 1) {
      const gone = this.segments.shift() ?? 0;
      await rm(join(this.dir, segmentName(gone)), { force: true });
    }
  }

  /** Flushes what was appended and closes the file. */
  async close(): Promise<void> {
    await endStream(this.out);
    await this.closing;
  }
}
