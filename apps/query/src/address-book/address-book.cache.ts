import { type AddressBook } from '@app/contracts';
import { rememberJson } from '@app/nats';
import { ByteBudgetLru } from '../render-cache/byte-budget-lru';

/** What an entry is counted as: the raw key, the friendly form, a domain and a few interfaces. */
const ENTRY_BYTES = 384;

type AddressBookEntry = AddressBook[string];

/**
 * Address book entries kept between requests within a byte budget. An entry depends on the
 * account's latest state (code hash), the decoder's interfaces and DNS records, which change only
 * when the ingestor or the decoder commits a block, moving its indexer_cursor row in the same
 * transaction. So everything is dropped when that epoch moves; each request reads it (two rows by
 * primary key, concurrent requests sharing one read), so an entry never outlives its block. A busy
 * account's traces page names ~300 addresses and spent ~6 ms on their two reads and friendly forms
 * (bench/reports/v3-queries.md); toncenter serves the address book from a cache too
 * (ton-metadata-cache, toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export class AddressBookCache {
  private readonly entries: ByteBudgetLru<AddressBookEntry>;
  private epoch: string | undefined;
  private generation = 0;
  private checking: Promise<number> | undefined;

  constructor(readonly budgetBytes: number) {
    this.entries = new ByteBudgetLru(budgetBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The generation of what is kept, after dropping it all if `readEpoch` moved (one read shared by
   * concurrent callers); undefined when nothing is ever kept.
   */
  async current(readEpoch: () => Promise<string>): Promise<number | undefined> {
    if (this.budgetBytes === 0) {
      return undefined;
    }
    this.checking ??= readEpoch()
      .then((epoch) => {
        if (epoch !== this.epoch) {
          this.epoch = epoch;
          this.generation += 1;
          this.entries.clear();
        }
        return this.generation;
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  get(address: string): AddressBookEntry | undefined {
    return this.entries.get(address);
  }

  /** Keeps what was read in `generation`, unless the epoch has moved since (it may be older). */
  keep(generation: number | undefined, address: string, entry: AddressBookEntry): void {
    if (generation === this.generation) {
      // Its text too, spliced into every reply that includes it (stringifyReply).
      rememberJson(entry, JSON.stringify(entry));
      this.entries.set(address, entry, ENTRY_BYTES);
    }
  }
}
