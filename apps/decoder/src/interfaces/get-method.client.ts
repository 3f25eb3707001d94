import { type GetMethodAnswer, type GetMethodRunner } from '@app/classify';
import { type LiteserverPool, lookupMasterchainBlock } from '@app/liteclient';
import { Address, Cell, parseTuple, serializeTuple, type TupleItem, TupleReader } from '@ton/core';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

/**
 * Runs get-methods through liteServer.runSmcMethod at a masterchain block: the liteserver executes
 * them on the account's state at that block (toncenter v3 §14.2 runs them "on the code and data at that
 * block"), so interface detection is exact for the block being decoded, whatever the decoder's lag.
 */
export class GetMethodClient implements GetMethodRunner {
  private readonly blocks = new Map<number, tonNode_blockIdExt>();

  constructor(private readonly pool: LiteserverPool) {}

  async run(
    address: string,
    method: string,
    args: TupleItem[],
    mcSeqno: number,
  ): Promise<GetMethodAnswer> {
    const block = await this.block(mcSeqno);
    const params = serializeTuple(args).toBoc();
    const { value } = await this.pool.execute(
      'runSmcMethod',
      (client) => client.runMethod(Address.parse(address), method, params, block),
      { seqno: mcSeqno },
    );
    if (value.exitCode !== 0 && value.exitCode !== 1) {
      return { exitCode: value.exitCode, stack: null };
    }
    const root =
      value.result === null ? undefined : Cell.fromBoc(Buffer.from(value.result, 'base64'))[0];
    const stack = root === undefined ? null : new TupleReader(parseTuple(root));
    return { exitCode: value.exitCode, stack };
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
