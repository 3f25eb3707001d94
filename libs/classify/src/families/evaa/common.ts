import { CallContractBlock, TonTransferBlock } from '../../core/basic-blocks';
import { type Block } from '../../core/block';
import { BlockMatcher, GenericMatcher, type MatcherOptions } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { evaaHeaderOpcode } from '../../tlb/evaa';
import { type JettonTransferBlock } from '../jettons';

const EVAA_COMMENTS = new Set(['EVAA liquidation.', 'EVAA supply.', 'EVAA withdraw.']);

export function commentMatcher(): GenericMatcher {
  return new GenericMatcher(
    (b) => b instanceof TonTransferBlock && b.comment !== null && EVAA_COMMENTS.has(b.comment),
    { optional: true },
  );
}

/** A call to a user contract: the opcode follows the user header. */
export class EvaaHeaderMatcher extends BlockMatcher {
  constructor(
    readonly opcode: number,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block): boolean {
    if (!(block instanceof CallContractBlock) || block.message.body === null) {
      return false;
    }
    try {
      return evaaHeaderOpcode(bodySlice(block.message.body)) === this.opcode;
    } catch {
      // A body too short for the user header is not a call to a user contract.
      return false;
    }
  }
}

/**
 * `str(AccountId)`: ton-indexer's AccountId has no `__str__`, so its `__repr__` writes the address as
 * pytoniq's `Address.to_str(False)` does (lower-case raw), and `addr_none` for no address
 * (`indexer/indexer/events/blocks/utils/ton_utils.py`, commit eb9fbfa3).
 */
export function accountIdStr(address: string | null): string {
  return address === null ? 'addr_none' : address.toLowerCase();
}

export function hexId(id: bigint | null): string | null {
  return id === null ? null : `0x${id.toString(16)}`;
}

export function hasPayloadOpcode(b: JettonTransferBlock, opcode: number): boolean {
  const p = b.data.forward_payload;
  if (p === null) {
    return false;
  }
  try {
    return bodySlice(p).loadUint(32) === opcode;
  } catch {
    // A payload without a whole opcode carries no EVAA command.
    return false;
  }
}
