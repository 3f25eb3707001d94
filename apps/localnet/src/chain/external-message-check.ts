import { beginCell, type Cell, loadMessage, type Message, storeShardAccount } from '@ton/core';
import type { Blockchain, PrevBlocksInfo } from '@ton/sandbox';

/**
 * Deepest external message the local network emulates. A validator takes up to config param 43's
 * max_msg_depth (512), but the emulator (@ton/sandbox 0.41) never returns on externals 430–512 cells
 * deep (found by the gateway's hostile corpus), which would stop the chain; the gateway's sendBoc
 * refuses beyond 256 as well.
 */
const MAX_EXTERNAL_DEPTH = 256;
const LT_STEP = 1_000_000n;

/** Where the trial run of an external message happens: the next block's time and c7 prev_blocks. */
export interface TrialContext {
  readonly now: number;
  readonly prevBlocksInfo: PrevBlocksInfo;
}

/**
 * Checks an external message (a Message cell) as a liteserver's sendMessage does before it is
 * queued: it parses as an inbound external message and its contract accepts it on the current state
 * (a trial run on the emulator that changes nothing). Returns the parsed message; throws an Error whose
 * message is the reason otherwise. `context` is read after the destination's state is loaded.
 */
export async function checkExternalMessage(
  blockchain: Blockchain,
  message: Cell,
  context: () => TrialContext,
): Promise<Message> {
  if (message.depth() > MAX_EXTERNAL_DEPTH) {
    throw new Error(
      `message too deep: depth ${String(message.depth())}, at most ${String(MAX_EXTERNAL_DEPTH)} on the local network`,
    );
  }
  let msg: Message;
  try {
    msg = loadMessage(message.beginParse());
  } catch {
    // Any decoding failure is the same rejection for the sender: the bytes are not a Message.
    throw new Error('cannot deserialize external message');
  }
  if (msg.info.type !== 'external-in') {
    throw new Error('external message must be an inbound external message');
  }
  const contract = await blockchain.getContract(msg.info.dest);
  const { now, prevBlocksInfo } = context();
  const res = await blockchain.executor.runTransaction({
    config: blockchain.configBase64,
    libs: blockchain.libs ?? null,
    verbosity: 'short',
    shardAccount: beginCell()
      .store(storeShardAccount(contract.account))
      .endCell()
      .toBoc()
      .toString('base64'),
    now,
    lt: blockchain.lt + LT_STEP,
    randomSeed: Buffer.alloc(32),
    ignoreChksig: false,
    debugEnabled: false,
    message,
    prevBlocksInfo,
  });
  if (!res.result.success) {
    const code = res.result.vmResults ? ` (exit code ${res.result.vmResults.vmExitCode})` : '';
    // The reason of the C++ liteserver's answer to a message the contract does not accept; the
    // sendMessage handler puts its "cannot apply external message to current state : " before it.
    throw new Error(`External message was not accepted${code}: ${res.result.error}`);
  }
  return msg;
}
