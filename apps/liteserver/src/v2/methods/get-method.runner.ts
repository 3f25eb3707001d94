import { createHash } from 'node:crypto';
import {
  ErrorCode,
  type InternalTransactionId,
  type RunGetMethodReq,
  type RunGetMethodRes,
  type RunGetMethodStdRes,
  TonApiError,
} from '@app/contracts';
import {
  configGlobalVersion,
  emulatorBehind,
  LiteApiSchema,
  loadBlockInfoOfBlock,
  readStackArgumentsBoc,
  StackInputError,
  toLegacyStack,
  toTonlibStack,
} from '@app/ton';
import { Address, beginCell, Cell, parseTuple, type TupleItem } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type ClientAccountState } from 'ton-lite-client/dist/types';
import { fetchLibraries, type LiteserverPool, readConfig } from '@app/liteclient';
import { answerCache, CACHE_BUDGETS } from '../answer-cache';
import { toTonBlockIdExt } from '../tonlib.mapper';
import { GetMethodEmulator } from './get-method.emulator';
import { masterchainBlockAt } from './masterchain-block';

/** liteServer.runSmcMethod mode bit 2: return the result stack (`result:mode.2?bytes`). */
const MODE_RESULT = 4;

const ZERO_HASH = Buffer.alloc(32).toString('base64');

interface MethodRun {
  readonly exitCode: number;
  readonly gasUsed: number;
  readonly stack: TupleItem[];
  readonly block: tonNode_blockIdExt;
  readonly lastTransaction: InternalTransactionId;
}

/** What the liteserver proves about the account and the network at the block. */
interface ProvenState {
  readonly block: tonNode_blockIdExt;
  readonly account: ClientAccountState;
  readonly config: Cell | undefined;
  /**
   * Set when the account has no code to run (the liteserver's own answer, exit code -256), or when
   * the network's global version is newer than the emulator implements (its run of the method).
   */
  readonly liteserverRun: { exitCode: number; stack: TupleItem[] } | undefined;
}

/** Told when a get-method ran on the liteserver because the network is newer than the emulator. */
export type NewerNetworkObserver = (globalVersion: number) => void;

/**
 * Get-methods as tonlib's smc.runGetMethod runs them (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the
 * account state and the config are read (with proofs) from a liteserver at the masterchain block,
 * and the TVM runs here, so `gas_used` is known (lite_api's RunMethodResult carries no gas figure).
 * An account without code is answered by liteServer.runSmcMethod itself.
 */
export class GetMethodRunner {
  private readonly emulator: GetMethodEmulator;
  private configCache: { keyBlock: number; config: Cell } | undefined;
  /**
   * Runs at a masterchain seqno: the state, the config and c7 (the block's time, a zero random seed)
   * are fixed by the block, so the TVM gives the same answer every time.
   */
  private readonly runs = answerCache<MethodRun>(CACHE_BUDGETS.methodRuns);

  constructor(
    private readonly pool: LiteserverPool,
    onEmulatorDiscarded?: (error: unknown) => void,
    private readonly onNewerNetwork?: NewerNetworkObserver,
  ) {
    this.emulator = new GetMethodEmulator(onEmulatorDiscarded);
  }

  async runLegacy(req: RunGetMethodReq): Promise<RunGetMethodRes> {
    const run = await this.run('runGetMethod', req);
    return {
      '@type': 'smc.runResult',
      gas_used: run.gasUsed,
      stack: toLegacyStack(run.stack),
      exit_code: run.exitCode,
      block_id: toTonBlockIdExt(run.block),
      last_transaction_id: run.lastTransaction,
    };
  }

  async runStd(req: RunGetMethodReq): Promise<RunGetMethodStdRes> {
    const run = await this.run('runGetMethodStd', req);
    return {
      '@type': 'smc.runResult',
      gas_used: run.gasUsed,
      stack: toTonlibStack(run.stack),
      exit_code: run.exitCode,
    };
  }

  private async run(name: string, req: RunGetMethodReq): Promise<MethodRun> {
    // Within GET_METHOD_STACK_LIMITS before anything is fetched: whoever sent it, a stack that passes
    // here is one the emulator can read.
    const stack = argumentsOf(req.stack);
    if (req.seqno === undefined) {
      return this.compute(name, req, stack);
    }
    // The stack is hashed: a key holds no caller-sized BoC.
    const stackKey = createHash('sha256').update(req.stack).digest('base64');
    const key = `${req.address.toLowerCase()}@${String(req.seqno)}:${String(req.methodId)}:${stackKey}`;
    // runGetMethod and runGetMethodStd share the run; only the rendering differs.
    const { value } = await this.pool.cached(name, this.runs, key, async () => ({
      value: await this.compute(name, req, stack),
      server: -1,
    }));
    return value;
  }

  private async compute(
    name: string,
    req: RunGetMethodReq,
    stack: TupleItem[],
  ): Promise<MethodRun> {
    const address = Address.parseRaw(req.address.toLowerCase());
    const { value: proven } = await this.pool.execute(
      name,
      (client) => this.provenState(client, address, req),
      req.seqno === undefined ? {} : { seqno: req.seqno },
    );
    const lastTransaction = lastTransactionId(proven.account.lastTx);
    const state = proven.account.state?.storage.state;
    if (proven.liteserverRun || !proven.config || state?.type !== 'active') {
      const answered = proven.liteserverRun ?? { exitCode: -256, stack: [] };
      return { ...answered, gasUsed: 0, block: proven.block, lastTransaction };
    }
    const { code, data } = state.state;
    const result = await this.emulator.run(
      {
        code: code ?? beginCell().endCell(),
        data: data ?? beginCell().endCell(),
        address,
        balance: proven.account.balance.coins,
        methodId: req.methodId,
        stack,
        config: proven.config,
        unixTime: genUtimeOf(proven.account),
      },
      async (hashes) =>
        (await this.pool.execute('getLibraries', (client) => fetchLibraries(client, hashes))).value,
    );
    return { ...result, block: proven.block, lastTransaction };
  }

  private async provenState(
    client: LiteClient,
    address: Address,
    req: RunGetMethodReq,
  ): Promise<ProvenState> {
    const block = await masterchainBlockAt(client, req.seqno);
    const account = await client.getAccountState(address, block);
    const state = account.state?.storage.state;
    if (state?.type !== 'active' || !state.state.code) {
      return {
        block,
        account,
        config: undefined,
        liteserverRun: await runSmcMethod(client, block, address, req),
      };
    }
    const config = await this.configAt(client, block);
    const globalVersion = configGlobalVersion(config);
    if (emulatorBehind(globalVersion)) {
      // The network runs TVM rules this emulator may not know (ConfigParam 8): the liteserver runs
      // the method on its state of the same block instead. A verifying pool checks that the run was on
      // the proven account at this block (its shard, state and Account proofs), but the result is the
      // liteserver's word; gas_used is unknown (lite_api's RunMethodResult carries none), so it is 0.
      this.onNewerNetwork?.(globalVersion);
      return {
        block,
        account,
        config,
        liteserverRun: await runSmcMethod(client, block, address, req),
      };
    }
    return { block, account, config, liteserverRun: undefined };
  }

  /**
   * The config in force at `block`. The config only changes in key blocks, so it is kept per key
   * block (the block itself when it is one, else its prev_key_block_seqno, read from the header the
   * liteserver proves): with a block every 400 ms, refetching the whole config proof per block cost
   * more than the get-method itself.
   */
  private async configAt(client: LiteClient, block: tonNode_blockIdExt): Promise<Cell> {
    const header = await client.lookupBlockByID({
      workchain: block.workchain,
      shard: block.shard,
      seqno: block.seqno,
    });
    const [proof] = Cell.fromBoc(header.headerProof);
    const provenBlock = proof?.refs[0];
    if (!provenBlock) {
      throw new Error('the liteserver sent a block header without its proof');
    }
    const info = loadBlockInfoOfBlock(provenBlock);
    const keyBlock = info.keyBlock ? info.seqno : info.prevKeyBlockSeqno;
    if (this.configCache?.keyBlock === keyBlock) {
      return this.configCache.config;
    }
    const config = beginCell()
      .storeDictDirect(await readConfig(client, block))
      .endCell();
    this.configCache = { keyBlock, config };
    return config;
  }
}

/** gen_utime of the shard block holding the state (root 0 of the proof keeps its header): c7's `now`. */
function genUtimeOf(account: ClientAccountState): number {
  const [blockProof] = Cell.fromBoc(account.proof);
  const provenBlock = blockProof?.refs[0];
  if (!provenBlock) {
    throw new Error('the liteserver sent an account state without a block proof');
  }
  return loadBlockInfoOfBlock(provenBlock).genUtime;
}

async function runSmcMethod(
  client: LiteClient,
  block: tonNode_blockIdExt,
  address: Address,
  req: RunGetMethodReq,
): Promise<{ exitCode: number; stack: TupleItem[] }> {
  // liteServer.runSmcMethod mode:# id:tonNode.blockIdExt account:liteServer.accountId method_id:long
  //   params:bytes = liteServer.RunMethodResult;
  // Only the result is asked for here: a verifying pool adds the proof bits it checks the answer with.
  const res = await client.engine.query(LiteApiSchema.Functions.liteServer_runSmcMethod, {
    kind: 'liteServer.runSmcMethod',
    mode: MODE_RESULT,
    id: block,
    account: { kind: 'liteServer.accountId', workchain: address.workChain, id: address.hash },
    methodId: String(req.methodId),
    params: Buffer.from(req.stack, 'base64'),
  });
  const [root] = res.result && res.result.length > 0 ? Cell.fromBoc(res.result) : [];
  return { exitCode: res.exitCode, stack: root ? parseTuple(root) : [] };
}

/** The caller's VmStack, or a 422 naming `stack` when it is past GET_METHOD_STACK_LIMITS. */
function argumentsOf(stack: string): TupleItem[] {
  try {
    return readStackArgumentsBoc(Buffer.from(stack, 'base64'));
  } catch (error: unknown) {
    if (error instanceof StackInputError) {
      throw new TonApiError(ErrorCode.INVALID_ARGUMENT, error.message, {
        details: { param: 'stack' },
      });
    }
    throw error;
  }
}

function lastTransactionId(lastTx: { lt: bigint; hash: bigint } | null): InternalTransactionId {
  return {
    '@type': 'internal.transactionId',
    lt: lastTx ? lastTx.lt.toString() : '0',
    hash: lastTx
      ? Buffer.from(lastTx.hash.toString(16).padStart(64, '0'), 'hex').toString('base64')
      : ZERO_HASH,
  };
}
