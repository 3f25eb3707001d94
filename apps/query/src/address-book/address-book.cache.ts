import { type AddressBook } from '@app/contracts';
import { PRIMARY_SERVER } from '@app/database';
import { rememberJson } from '@app/nats';
import { ByteBudgetLru } from '../render-cache/byte-budget-lru';

/** What an entry is counted as: the raw key, the friendly form, a domain and a few interfaces. */
const ENTRY_BYTES = 384;

type AddressBookEntry = AddressBook[string];

interface Kept {
  readonly generation: number;
  readonly entry: AddressBookEntry;
}

/** Where one server (the primary, a read replica) is: its epoch, and the read of it in flight. */
interface ServerEpoch {
  epoch: string | undefined;
  checking: Promise<number> | undefined;
}

/**
 * Address book entries kept between requests within a byte budget. An entry depends on the
 * account's latest state (code hash), the decoder's interfaces and DNS records, which change only
 * when the ingestor or the decoder commits a block, moving its indexer_cursor row in the same
 * transaction. So an entry belongs to the generation of the epoch it was read in; each request reads
 * the epoch of the server it reads from (two rows by primary key, concurrent requests on that server
 * sharing one read) and takes only entries of that epoch, so an entry never outlives its block nor
 * reaches a request on a read replica that is not there yet. Servers at the same epoch share entries;
 * those of an epoch no server is at any more are dropped. A busy account's traces page names ~300
 * addresses and spent ~6 ms on their two reads and friendly forms (bench/reports/v3-queries.md);
 * toncenter serves the address book from a cache too (ton-metadata-cache, toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export class AddressBookCache {
  private readonly entries: ByteBudgetLru<Kept>;
  private readonly servers = new Map<string, ServerEpoch>();
  /** The generation of each epoch some server is at. */
  private readonly generationOf = new Map<string, number>();
  private generations = 0;

  constructor(readonly budgetBytes: number) {
    this.entries = new ByteBudgetLru(budgetBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The generation of `server`'s epoch as `readEpoch` reads it there (one read shared by concurrent
   * callers on that server); undefined when nothing is ever kept.
   */
  async current(
    readEpoch: () => Promise<string>,
    server: string = PRIMARY_SERVER,
  ): Promise<number | undefined> {
    if (this.budgetBytes === 0) {
      return undefined;
    }
    let state = this.servers.get(server);
    if (state === undefined) {
      state = { epoch: undefined, checking: undefined };
      this.servers.set(server, state);
    }
    const at = state;
    at.checking ??= readEpoch()
      .then((epoch) => this.move(at, epoch))
      .finally(() => {
        at.checking = undefined;
      });
    return at.checking;
  }

  /** The entry of `address` kept in `generation`. */
  get(address: string, generation: number | undefined): AddressBookEntry | undefined {
    const kept = this.entries.get(address);
    return kept !== undefined && kept.generation === generation ? kept.entry : undefined;
  }

  /** Keeps what was read in `generation`, unless no server is at that epoch any more (it may be older). */
  keep(generation: number | undefined, address: string, entry: AddressBookEntry): void {
    if (generation !== undefined && [...this.generationOf.values()].includes(generation)) {
      // Its text too, spliced into every reply that includes it (stringifyReply).
      rememberJson(entry, JSON.stringify(entry));
      this.entries.set(address, { generation, entry }, ENTRY_BYTES);
    }
  }

  private move(server: ServerEpoch, epoch: string): number {
    const before = server.epoch;
    server.epoch = epoch;
    let generation = this.generationOf.get(epoch);
    if (generation === undefined) {
      this.generations += 1;
      generation = this.generations;
      this.generationOf.set(epoch, generation);
    }
    if (before !== undefined && before !== epoch && !this.anyServerAt(before)) {
      const gone = this.generationOf.get(before);
      this.generationOf.delete(before);
      this.entries.deleteWhere((kept) => kept.generation === gone);
    }
    return generation;
  }

  private anyServerAt(epoch: string): boolean {
    return [...this.servers.values()].some((s) => s.epoch === epoch);
  }
}
