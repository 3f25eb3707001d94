import { type EstimateFeeReq, type QueryFees, type TonlibFees } from '@app/contracts';
import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  external,
  type StateInit,
  storeMessage,
} from '@ton/core';
import { SandboxExecutor } from '../sandbox-executor';
import { type ClientAccountState } from 'ton-lite-client/dist/types';
import { fetchLibraries, type LiteserverPool, readConfig } from '@app/liteclient';
import { configGlobalVersion, emulatorBehind } from '@app/ton';
import { libraryRefsOf } from './library-refs';
import { forwardFee, messageSize, readMsgForwardPrices } from './msg-prices';
import { storageFeeDue } from './storage-fee';
import { phaseFeesOf } from './transaction-fees';

/** The emulator's wording for an external message the account refuses (transaction.cpp). */
const NOT_ACCEPTED = /inbound external message rejected|not accepted/;

/** What the liteserver proves at the head: the account, the config and the head's gen_utime. */
interface HeadState {
  readonly account: ClientAccountState;
  readonly config: Dictionary<number, Cell>;
  readonly utime: number;
  /** The libraries the account's code and the message's init code refer to. */
  readonly libraries: Cell | null;
}

/**
 * toncenter v2 estimateFee
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml; tonlib
 * raw.createQuery + query.estimateFees) by emulation: the external message is built as tonlib
 * builds it, and run on the account state of the masterchain head with the head's config and time
 * by the emulator of @ton/sandbox (the ton-blockchain transaction emulator in WASM, the one the
 * localnet runs), so the fees are those of the transaction the network would execute now.
 * `destination_fees` is always empty: tonlib fills it only for `msg.message` queries, never for the
 * raw queries toncenter creates.
 */
export class FeeEstimator {
  constructor(
    private readonly pool: LiteserverPool,
    /** Told when an estimate is made on a network newer than the emulator (it is then approximate). */
    private readonly onNewerNetwork?: (globalVersion: number) => void,
    /** The emulator, loaded on first use (the sender shares one with its pending traces). */
    private readonly sandbox = new SandboxExecutor(),
  ) {}

  async estimate(req: EstimateFeeReq): Promise<QueryFees> {
    const address = Address.parseRaw(req.address.toLowerCase());
    const message = externalMessage(address, req);
    const { value: head } = await this.pool.execute('estimateFee', async (client) => {
      const info = await client.getMasterchainInfoExt();
      const account = await client.getAccountState(address, info.last);
      const state = account.state?.storage.state;
      const hashes = libraryRefsOf([
        state?.type === 'active' ? (state.state.code ?? undefined) : undefined,
        req.initCode === '' ? undefined : Cell.fromBase64(req.initCode),
      ]);
      const libraries = hashes.length > 0 ? await fetchLibraries(client, hashes) : [];
      return {
        account,
        config: await readConfig(client, info.last),
        utime: info.lastUtime,
        libraries: libraryDict(libraries),
      };
    });
    const globalVersion = configGlobalVersion(beginCell().storeDictDirect(head.config).endCell());
    const approximate = emulatorBehind(globalVersion);
    if (approximate) {
      this.onNewerNetwork?.(globalVersion);
    }
    const mark = (fees: QueryFees): QueryFees =>
      approximate ? { ...fees, approximate: true } : fees;
    const masterchain = address.workChain === -1;
    // The import fee of an external message (Transaction::compute_in_msg_fwd_fees): the forwarding
    // price of the workchain it enters, on the message's size below its root.
    const inFwdFee = forwardFee(
      readMsgForwardPrices(head.config, masterchain),
      messageSize(message),
    );
    const transaction = await this.emulate(message, head, req.ignoreChksig);
    if (!transaction) {
      // Not accepted: tonlib reports the import and storage fees and no gas (`res.accepted ? … : 0`).
      const storage = head.account.state?.storageStats;
      const storageFee = storage
        ? storageFeeDue(head.config, storage, head.utime, masterchain)
        : 0n;
      return mark(queryFees(fees(inFwdFee, storageFee, 0n, 0n)));
    }
    const phases = phaseFeesOf(transaction);
    return mark(queryFees(fees(inFwdFee, phases.storageFee, phases.gasFee, phases.fwdFee)));
  }

  /** The emulated transaction, or undefined when the account does not accept the message. */
  private async emulate(
    message: Cell,
    head: HeadState,
    ignoreChksig: boolean,
  ): Promise<Cell | undefined> {
    const executor = await this.sandbox.load();
    const lastTx = head.account.lastTx;
    const res = await executor.runTransaction({
      message,
      config: beginCell().storeDictDirect(head.config).endCell().toBoc().toString('base64'),
      libs: head.libraries,
      verbosity: 'short',
      shardAccount: shardAccountOf(head.account).toBoc().toString('base64'),
      now: head.utime,
      // Any lt after the account's last transaction: fees do not depend on it.
      lt: (lastTx?.lt ?? 0n) + 1n,
      randomSeed: Buffer.alloc(32),
      ignoreChksig,
      debugEnabled: false,
    });
    if (!res.result.success) {
      // The compute phase ran without accepting the message (a bad signature, an old seqno: the
      // emulator then reports the VM's results), or the account could not even pay its import
      // ("inbound external message rejected … before smart-contract execution").
      if (res.result.vmResults !== undefined || NOT_ACCEPTED.test(res.result.error)) {
        return undefined;
      }
      throw new Error(`fee estimation failed: ${res.result.error}`);
    }
    return Cell.fromBase64(res.result.transaction);
  }
}

/**
 * `message$_ info:CommonMsgInfo init:(Maybe (Either StateInit ^StateInit)) body:(Either X ^X)` with
 * `ext_in_msg_info$10 src:addr_none dest:MsgAddressInt import_fee:Grams` — the message
 * raw.createQuery makes of address, body and the optional init code and data.
 */
export function externalMessage(address: Address, req: EstimateFeeReq): Cell {
  const body = Cell.fromBase64(req.body);
  const code = req.initCode === '' ? undefined : Cell.fromBase64(req.initCode);
  const data = req.initData === '' ? undefined : Cell.fromBase64(req.initData);
  const init: StateInit | undefined =
    code || data ? { ...(code ? { code } : {}), ...(data ? { data } : {}) } : undefined;
  return beginCell()
    .store(storeMessage(external({ to: address, body, ...(init ? { init } : {}) })))
    .endCell();
}

/**
 * `account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;`
 * around the proven Account (`account_none$0` for an account that does not exist).
 */
function shardAccountOf(account: ClientAccountState): Cell {
  const [root] = account.raw.length > 0 ? Cell.fromBoc(account.raw) : [];
  const lastTx = account.lastTx;
  return beginCell()
    .storeRef(root ?? beginCell().storeBit(0).endCell())
    .storeUint(lastTx?.hash ?? 0n, 256)
    .storeUint(lastTx?.lt ?? 0n, 64)
    .endCell();
}

/** `Hashmap 256 ^Cell` of library roots by hash, as the emulator takes `libs`; null when none. */
function libraryDict(libraries: { hash: Buffer; data: Cell }[]): Cell | null {
  if (libraries.length === 0) {
    return null;
  }
  const dict = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
  for (const lib of libraries) {
    dict.set(lib.hash, lib.data);
  }
  return beginCell().storeDictDirect(dict).endCell();
}

function fees(inFwdFee: bigint, storageFee: bigint, gasFee: bigint, fwdFee: bigint): TonlibFees {
  return {
    '@type': 'fees',
    in_fwd_fee: Number(inFwdFee),
    storage_fee: Number(storageFee),
    gas_fee: Number(gasFee),
    fwd_fee: Number(fwdFee),
  };
}

function queryFees(source: TonlibFees): QueryFees {
  return { '@type': 'query.fees', source_fees: source, destination_fees: [] };
}
