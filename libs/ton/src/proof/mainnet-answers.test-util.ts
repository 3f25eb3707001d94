import { type Cell } from '@ton/core';
import { TLReadBuffer } from 'ton-tl';

import { readFixture } from '@app/testing';

import { Codecs } from '../lite-api/lite-api-schema.generated';
import { type ProofBlockId } from './block-header.check';
import { proofBlockId } from './lite-answer.adapter';
import { proofRoot } from './proof-boc';

/** A TL answer as the fixtures hold it: the constructor id, then the fields. */
function decode<T>(codec: { decode(d: TLReadBuffer): T }, bytes: Buffer): T {
  return codec.decode(new TLReadBuffer(bytes.subarray(4)));
}

/**
 * Mainnet masterchain block 26309435 (2023-01-04): liteServer.masterchainInfo naming it, and the
 * liteServer.configInfo answered for it (fixtures liteapi/get-last-config-all-{1,2}.bin).
 */
export function mainnetConfigAnswer(): {
  block: ProofBlockId;
  stateProof: Buffer;
  configProof: Buffer;
  blockProofCell: Cell;
  stateProofCell: Cell;
} {
  const info = decode(
    Codecs.liteServer_masterchainInfo,
    readFixture('liteapi', 'get-last-config-all-1.bin'),
  );
  const config = decode(
    Codecs.liteServer_configInfo,
    readFixture('liteapi', 'get-last-config-all-2.bin'),
  );
  const stateProof = Buffer.from(config.stateProof);
  const configProof = Buffer.from(config.configProof);
  return {
    block: proofBlockId(info.last),
    stateProof,
    configProof,
    blockProofCell: proofRoot(stateProof, 'config', 'state_proof'),
    stateProofCell: proofRoot(configProof, 'config', 'config_proof'),
  };
}

export function flipByte(buf: Buffer, index = 0): Buffer {
  const copy = Buffer.from(buf);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
}
