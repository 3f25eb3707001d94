import { type Address, Cell, parseTuple, type TupleItem } from '@ton/core';
import { Executor } from '@ton/sandbox';

import { RecoveringInstance } from '@app/ton';

import type { GetMethodResult } from './chain-reader';
import type { LocalChainReader } from './local-chain-reader';
import { accountIdOf } from './shard-chain';

const GET_METHOD_GAS_LIMIT = 10_000_000n;

/**
 * Runs get-methods (lite_api runSmcMethod) on an account's state as of a masterchain block, with
 * that block's config, libraries, time, random seed and c7 prev_blocks.
 */
export class GetMethodRunner {
  /**
   * Get-methods run on an emulator instance of their own, not the chain's: lite_api runSmcMethod takes
   * a stack from any lite client, and an instance it traps fails every later call; here it is
   * replaced (RecoveringInstance) and block production, on the chain's instance, never sees it.
   */
  private readonly executors: RecoveringInstance<Executor>;

  constructor(
    private readonly reader: LocalChainReader,
    logger?: { warn(obj: object, msg: string): void },
  ) {
    this.executors = new RecoveringInstance(
      () => Executor.create(),
      (error) => {
        logger?.warn({ err: error }, 'get-method emulator failed: instance replaced');
      },
    );
  }

  async run(
    mcSeqno: number,
    address: Address,
    methodId: number,
    stack: TupleItem[],
  ): Promise<GetMethodResult> {
    const mcRec = this.reader.mc.blocks[mcSeqno];
    if (!mcRec?.mc) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    const rec = this.reader.accountRecordAt(mcSeqno, address);
    const account = rec.accounts.get(accountIdOf(address))?.parsed.account;
    const state = account?.storage.state;
    if (!account || state?.type !== 'active' || !state.state.code || !state.state.data) {
      // As the C++ liteserver answers runSmcMethod for an absent or uninitialised account.
      return { exitCode: -256, gasUsed: 0n, stack: [] };
    }
    const args = {
      code: state.state.code,
      data: state.state.data,
      methodId,
      stack,
      config: mcRec.mc.configBase64,
      verbosity: 'short' as const,
      libs: mcRec.mc.libs,
      address,
      unixTime: mcRec.stored.genUtime,
      balance: account.storage.balance.coins,
      randomSeed: mcRec.randSeed,
      gasLimit: GET_METHOD_GAS_LIMIT,
      debugEnabled: false,
      prevBlocksInfo: mcRec.mc.prevBlocksInfo,
    };
    const res = await this.executors.run((executor) => executor.runGetMethod(args));
    if (!res.output.success) {
      throw new Error(`get-method failed: ${res.output.error}`);
    }
    const exitCode = res.output.vm_exit_code;
    let out: TupleItem[] = [];
    if (exitCode === 0 || exitCode === 1) {
      out = parseTuple(Cell.fromBase64(res.output.stack));
    }
    return { exitCode, gasUsed: BigInt(res.output.gas_used), stack: out };
  }
}
