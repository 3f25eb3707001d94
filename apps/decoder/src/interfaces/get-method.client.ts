import { type GetMethodAnswer, type GetMethodRunner } from '@app/classify';
import { isStateGone, type LiteserverPool, lookupMasterchainBlock } from '@app/liteclient';
import { Address, Cell, parseTuple, serializeTuple, type TupleItem, TupleReader } from '@ton/core';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

/**
 * Runs get-methods through liteServer.runSmcMethod at a masterchain block: the liteserver executes
 * them on the account's state at that block (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces
 * runs them "on the code and data at that block"), so interface detection is exact for the block
 * being decoded, whatever the decoder's lag.
 *
 * Unless the liteservers no longer have that state (`state already gc'd`: a node past its state TTL,
 * or the local network past its --state-history). Failing would stop the decoder at that block for
 * good, so the get-method runs on the latest state instead: the interface (code) is almost always the
 * same, data such as a balance is the newest. Each such block is logged once (`onStateGone`).
 */
export class GetMethodClient implements GetMethodRunner {
  private readonly blocks = new Map<number, tonNode_blockIdExt>();
  private readonly gone = new Set<number>();

  constructor(
    private readonly pool: LiteserverPool,
    private readonly onStateGone: (mcSeqno: number) => void = () => undefined,
  ) {}

  async run(
    address: string,
    method: string,
    args: TupleItem[],
    mcSeqno: number,
  ): Promise<GetMethodAnswer> {
    const params = serializeTuple(args).toBoc();
    const at = async (block: tonNode_blockIdExt, seqno: number | undefined) =>
      (
        await this.pool.execute(
          'runSmcMethod',
          (client) => client.runMethod(Address.parse(address), method, params, block),
          seqno === undefined ? {} : { seqno },
        )
      ).value;
    let value: Awaited<ReturnType<typeof at>>;
    try {
      value = this.gone.has(mcSeqno)
        ? await at(await this.latest(), undefined)
        : await at(await this.block(mcSeqno), mcSeqno);
    } catch (error) {
      if (!isStateGone(error)) {
        throw error;
      }
      if (this.gone.size > 64) {
        this.gone.clear();
      }
      this.gone.add(mcSeqno);
      this.onStateGone(mcSeqno);
      value = await at(await this.latest(), undefined);
    }
    if (value.exitCode !== 0 && value.exitCode !== 1) {
      return { exitCode: value.exitCode, stack: null };
    }
    const root =
      value.result === null ? undefined : Cell.fromBoc(Buffer.from(value.result, 'base64'))[0];
    const stack = root === undefined ? null : new TupleReader(parseTuple(root));
    return { exitCode: value.exitCode, stack };
  }

  private async latest(): Promise<tonNode_blockIdExt> {
    const { value } = await this.pool.execute('getMasterchainInfo', (client) =>
      client.getMasterchainInfo(),
    );
    return value.last;
  }

  private async block(mcSeqno: number): Promise<tonNode_blockIdExt> {
    let id = this.blocks.get(mcSeqno);
    if (id === undefined) {
      id = await lookupMasterchainBlock(this.pool, mcSeqno);
      if (this.blocks.size > 64) {
        this.blocks.clear();
      }
      this.blocks.set(mcSeqno, id);
    }
    return id;
  }
}
