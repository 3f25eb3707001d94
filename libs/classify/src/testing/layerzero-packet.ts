/** LayerZero's md cells for the classifier's specs (the layouts of toncenter `messages/layerzero.py`). */
import { beginCell, type Builder, type Cell } from '@ton/core';

/** An md header: `bits`-bit header info, then `ones` one bits. */
const header = (info: bigint, bits: number, ones: number): Builder =>
  beginCell().storeUint(info, bits).storeInt(-1n, ones);

/** The packet's message cell holds this text; the action shows its bytes as hex. */
export const LZ_MESSAGE_HEX = `0x${Buffer.from('message').toString('hex')}`;

/** One side of a path: its endpoint id and its OApp's account hash. */
export interface PathEnd {
  readonly eid: number;
  readonly oapp: bigint;
}

/**
 * lz::Packet: header ^path ^message nonce:uint64 guid:uint256, its lz::Path: header srcEid:uint32
 * srcOApp:uint256 dstEid:uint32 dstOApp:uint256.
 */
export function lzPacket(src: PathEnd, dst: PathEnd): Cell {
  const path = header(8903714975572488637007080065659n, 152, 198)
    .storeUint(src.eid, 32)
    .storeUint(src.oapp, 256)
    .storeUint(dst.eid, 32)
    .storeUint(dst.oapp, 256)
    .endCell();
  return header(417359019239977417716476838698419835n, 152, 198)
    .storeRef(path)
    .storeRef(beginCell().storeStringTail('message').endCell())
    .storeUint(12, 64)
    .storeUint(0x77n, 256)
    .endCell();
}
