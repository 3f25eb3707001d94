import { ErrorCode, TonApiError } from '@app/contracts';
import { type BlockQueryRepository } from '@app/database';

/**
 * A list filtered by a masterchain block the index does not have answers 404, as toncenter's
 * indexer does, not an empty page.
 */
export async function requireMasterchainBlock(
  blocks: BlockQueryRepository,
  mcSeqno: number | undefined,
): Promise<void> {
  if (mcSeqno !== undefined && !(await blocks.masterchainBlockExists(mcSeqno))) {
    throw new TonApiError(ErrorCode.NOT_FOUND, `masterchain block ${String(mcSeqno)} not found`);
  }
}
