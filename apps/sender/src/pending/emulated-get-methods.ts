import { type GetMethodAnswer, type GetMethodRunner } from '@app/classify';
import { methodIdOf } from '@app/ton';
import {
  Address,
  Cell,
  loadShardAccount,
  parseTuple,
  type TupleItem,
  TupleReader,
} from '@ton/core';
import { type Executor } from '@ton/sandbox';
import { type EmulationChain } from './emulation-chain';

/** Gas for one probe: interface get-methods are small (tonlib's runGetMethod default is 1e6 too). */
const GAS_LIMIT = 1_000_000n;

/**
 * Get-methods on the states a trace emulation left (falling back to the chain at its head for
 * accounts the trace did not touch, e.g. a Jetton master asked to verify a wallet): the interface
 * probes of the decoder run here unchanged, so pending traces detect the Jetton wallets and NFT
 * items they deploy before those exist on chain. `mcSeqno` is ignored (one head per emulation).
 */
export class EmulatedGetMethods implements GetMethodRunner {
  constructor(
    private readonly executor: Executor,
    private readonly chain: EmulationChain,
    private readonly states: Map<string, Cell>,
    private readonly libraries: Cell | null,
  ) {}

  async run(address: string, method: string, args: TupleItem[]): Promise<GetMethodAnswer> {
    const parsed = Address.parseRaw(address.toLowerCase());
    const key = address.toUpperCase();
    let shardAccount = this.states.get(key);
    if (shardAccount === undefined) {
      shardAccount = await this.chain.shardAccount(parsed);
      this.states.set(key, shardAccount);
    }
    const account = loadShardAccount(shardAccount.beginParse()).account;
    const state = account?.storage.state;
    if (account === null || account === undefined || state?.type !== 'active') {
      return { exitCode: -13, stack: null }; // no code to run (tonlib: account not initialised)
    }
    const { code, data } = state.state;
    if (!code || !data) {
      return { exitCode: -13, stack: null };
    }
    const result = await this.executor.runGetMethod({
      code,
      data,
      methodId: methodIdOf(method),
      stack: args,
      config: this.chain.head.configBoc,
      verbosity: 'short',
      ...(this.libraries === null ? {} : { libs: this.libraries }),
      address: parsed,
      unixTime: this.chain.head.utime,
      balance: account.storage.balance.coins,
      randomSeed: Buffer.alloc(32),
      gasLimit: GAS_LIMIT,
      debugEnabled: false,
    });
    const output = result.output;
    if (!output.success) {
      return { exitCode: -14, stack: null };
    }
    if (output.vm_exit_code !== 0 && output.vm_exit_code !== 1) {
      return { exitCode: output.vm_exit_code, stack: null };
    }
    const stack = new TupleReader(parseTuple(Cell.fromBase64(output.stack)));
    return { exitCode: output.vm_exit_code, stack };
  }
}
