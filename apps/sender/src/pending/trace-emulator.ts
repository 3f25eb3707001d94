import {
  type Address,
  beginCell,
  Cell,
  Dictionary,
  loadMessage,
  loadShardAccount,
  type Message,
} from '@ton/core';
import { type Executor } from '@ton/sandbox';
import { type EmulationChain } from './emulation-chain';
import { libraryRefsOf } from '../fees/library-refs';

/** Bounds of one emulation: a message can start an unbounded cascade. */
export interface EmulationLimits {
  /** Transactions emulated at most (the external one included). */
  readonly maxTransactions: number;
  /** Depth of the deepest transaction (the external one is depth 0). */
  readonly maxDepth: number;
  /** Wall-clock budget; messages left when it runs out stay pending edges. */
  readonly timeBudgetMs: number;
}

/** One emulated transaction with the account states around it. */
export interface EmulatedTransaction {
  /** The `Transaction` cell the emulator produced (parsed like a block's). */
  readonly cell: Cell;
  readonly workchain: number;
  readonly depth: number;
  /** `ShardAccount` before and after. */
  readonly before: Cell;
  readonly after: Cell;
}

export interface TraceEmulation {
  /** In execution order (lt order along every branch). */
  readonly transactions: readonly EmulatedTransaction[];
  /** Internal messages created but not emulated (limits, or an emulator failure on them). */
  readonly unprocessed: number;
  /** Final `ShardAccount` of every account read or touched, by raw upper-case address. */
  readonly states: ReadonlyMap<string, Cell>;
  /** Library cells the emulation loaded (for get-methods on the final states). */
  readonly libraries: Cell | null;
}

/** Why an external message produced no trace: the account would not accept it. */
export class ExternalRejectedError extends Error {
  constructor(reason: string) {
    super(`the external message is not accepted: ${reason}`);
    this.name = 'ExternalRejectedError';
  }
}

interface Queued {
  readonly message: Cell;
  readonly destination: Address;
  readonly createdLt: bigint;
  readonly depth: number;
  /** Insertion order: ties on created_lt keep the out-message order. */
  readonly order: number;
}

const raw = (a: Address): string => a.toRawString().toUpperCase();

/**
 * Emulates the trace an external message will cause, on the states of one masterchain head: the
 * external message on its destination, then every internal out-message on its destination's state
 * (read once from the chain, then the state the emulation left), lowest created_lt first, as the
 * network delivers them. Each transaction comes from the ton-blockchain emulator of @ton/sandbox, so
 * the results are real Transaction cells. toncenter's ton-trace-emulator does the same
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export class TraceEmulator {
  constructor(private readonly executor: () => Promise<Executor>) {}

  async emulate(
    external: Cell,
    chain: EmulationChain,
    limits: EmulationLimits,
  ): Promise<TraceEmulation> {
    const executor = await this.executor();
    const started = Date.now();
    const states = new Map<string, Cell>();
    const libraries = new Map<string, Cell>();
    const transactions: EmulatedTransaction[] = [];
    const root = loadMessage(external.beginParse());
    if (root.info.type !== 'external-in') {
      throw new Error('not an external-in message');
    }
    const queue: Queued[] = [
      {
        message: external,
        destination: root.info.dest,
        createdLt: 0n,
        depth: 0,
        order: 0,
      },
    ];
    let order = 1;
    let unprocessed = 0;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (
        transactions.length >= limits.maxTransactions ||
        next.depth > limits.maxDepth ||
        Date.now() - started > limits.timeBudgetMs
      ) {
        unprocessed += 1 + queue.length;
        break;
      }
      const key = raw(next.destination);
      const before = states.get(key) ?? (await chain.shardAccount(next.destination));
      states.set(key, before);
      await this.loadLibraries(chain, libraries, before, next.message);
      const result = await executor.runTransaction({
        message: next.message,
        config: chain.head.configBoc,
        libs: libraryDict(libraries),
        verbosity: 'short',
        shardAccount: before.toBoc().toString('base64'),
        now: chain.head.utime,
        lt: nextLt(before, next.createdLt),
        randomSeed: Buffer.alloc(32),
        ignoreChksig: false,
        debugEnabled: false,
      });
      if (!result.result.success) {
        if (next.depth === 0) {
          throw new ExternalRejectedError(result.result.error);
        }
        unprocessed += 1; // the network would still deliver it; the emulator could not
        continue;
      }
      const cell = Cell.fromBase64(result.result.transaction);
      const after = Cell.fromBase64(result.result.shardAccount);
      states.set(key, after);
      transactions.push({
        cell,
        workchain: next.destination.workChain,
        depth: next.depth,
        before,
        after,
      });
      for (const out of outMessageCells(cell)) {
        const message: Message = loadMessage(out.beginParse());
        if (message.info.type !== 'internal') {
          continue; // external-out (a log): an edge that completes at once
        }
        queue.push({
          message: out,
          destination: message.info.dest,
          createdLt: message.info.createdLt,
          depth: next.depth + 1,
          order: order++,
        });
      }
      queue.sort((a, b) =>
        a.createdLt === b.createdLt ? a.order - b.order : a.createdLt < b.createdLt ? -1 : 1,
      );
    }
    return { transactions, unprocessed, states, libraries: libraryDict(libraries) };
  }

  private async loadLibraries(
    chain: EmulationChain,
    loaded: Map<string, Cell>,
    account: Cell,
    message: Cell,
  ): Promise<void> {
    const state = loadShardAccount(account.beginParse()).account?.storage.state;
    const code = state?.type === 'active' ? state.state.code : undefined;
    const missing = libraryRefsOf([code ?? undefined, message]).filter(
      (h) => !loaded.has(h.toString('hex')),
    );
    for (const [hash, cell] of await chain.libraries(missing)) {
      loaded.set(hash, cell);
    }
  }
}

/**
 * The lt the collator would give the transaction: after the account's last transaction and after the
 * message's creation (Transaction::prepare: start_lt = max(block lt, account lt, msg lt + 1)).
 */
function nextLt(shardAccount: Cell, createdLt: bigint): bigint {
  const lastLt = loadShardAccount(shardAccount.beginParse()).lastTransactionLt;
  const afterAccount = lastLt + 1n;
  const afterMessage = createdLt + 1n;
  return afterAccount > afterMessage ? afterAccount : afterMessage;
}

/**
 * The out-message cells of a `Transaction` as stored (`^[ in_msg:(Maybe ^Message)
 * out_msgs:(HashmapE 15 ^Message) ]`), in index order: the exact cells, so their hashes are the
 * in-message hashes of the transactions they start.
 */
export function outMessageCells(transaction: Cell): Cell[] {
  const s = transaction.refs[0]?.beginParse();
  if (!s) {
    throw new Error('Transaction without its messages cell');
  }
  if (s.loadBit()) {
    s.loadRef();
  }
  const dict = s.loadDict(Dictionary.Keys.Uint(15), Dictionary.Values.Cell());
  return [...dict.keys()]
    .sort((a, b) => a - b)
    .map((k) => dict.get(k))
    .filter((c): c is Cell => c !== undefined);
}

/** `Hashmap 256 ^Cell` of library roots, as the emulator takes `libs`; null when none. */
function libraryDict(libraries: ReadonlyMap<string, Cell>): Cell | null {
  if (libraries.size === 0) {
    return null;
  }
  const dict = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
  for (const [hash, cell] of libraries) {
    dict.set(Buffer.from(hash, 'hex'), cell);
  }
  return beginCell().storeDictDirect(dict).endCell();
}
