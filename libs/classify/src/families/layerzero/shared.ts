/** What the LayerZero matchers share: the packet's action columns, body reading and optional hops. */
import { LAYERZERO } from '@app/ton';
import type { ActionData } from '../../action';
import type { Block } from '../../core/block';
import { BlockTypeMatcher, ContractMatcher, labeled, type BlockMatcher } from '../../core/matchers';
import { parseBoc } from '../../tlb/cells';
import { type LayerZeroPacket } from '../../tlb/layerzero';

export function packetData(p: LayerZeroPacket): ActionData {
  return {
    src_oapp: p.src_oapp,
    dst_oapp: p.dst_oapp,
    src_eid: p.src_eid,
    dst_eid: p.dst_eid,
    nonce: p.nonce,
    guid: p.guid,
    message: p.message,
  };
}

export function bodyCell(b: Block): ReturnType<typeof parseBoc> {
  const body = b.message.body;
  if (body === null) {
    throw new Error('message body is not stored');
  }
  return parseBoc(body);
}

export function excess(label: string): BlockMatcher {
  return labeled(label, new BlockTypeMatcher('ton_transfer', { optional: true }));
}

export function event(label: string, optional: boolean): BlockMatcher {
  return labeled(label, new ContractMatcher(LAYERZERO.event.opcode, { optional }));
}
