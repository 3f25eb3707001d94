import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Address,
  beginCell,
  type Cell,
  external,
  internal,
  storeMessage,
  storeMessageRelaxed,
} from '@ton/core';
import { serializeBocMultiRoot } from '../boc/multi-root-boc';
import {
  checkExternalMessageBoc,
  DEFAULT_EXTERNAL_MESSAGE_LIMITS,
  ExternalMessageRejection,
  externalMessageLimitsOf,
} from './external-message.check';
import { normalizedExternalHash } from './external-message-hash';

const DEST = Address.parseRaw(`0:${'ab'.repeat(32)}`);

function externalWith(body: Cell): Cell {
  return beginCell()
    .store(storeMessage(external({ to: DEST, body })))
    .endCell();
}

/** A chain of `length` distinct cells below one root. */
function chain(length: number): Cell {
  let cell = beginCell().storeUint(0, 16).endCell();
  for (let i = 1; i < length; i++) {
    cell = beginCell().storeUint(i, 16).storeRef(cell).endCell();
  }
  return cell;
}

function rejects(bytes: Buffer, reason: string): void {
  assert.throws(
    () => checkExternalMessageBoc(bytes, DEFAULT_EXTERNAL_MESSAGE_LIMITS),
    (error: unknown) => error instanceof ExternalMessageRejection && error.reason === reason,
    reason,
  );
}

describe('checkExternalMessageBoc', () => {
  it('accepts an external-in message in every BoC flavour, with toncenter’s hashes', () => {
    const message = externalWith(beginCell().storeUint(0xdeadbeef, 32).endCell());
    for (const bytes of [
      message.toBoc({ idx: false }),
      message.toBoc({ idx: true, crc32: true }),
      message.toBoc({ idx: false, crc32: false }),
    ]) {
      const sut = checkExternalMessageBoc(bytes, DEFAULT_EXTERNAL_MESSAGE_LIMITS);
      assert.equal(sut.hash.toString('hex'), message.hash().toString('hex'));
      assert.equal(sut.hashNorm.toString('hex'), normalizedExternalHash(message).toString('hex'));
      assert.equal(sut.destination.toRawString(), DEST.toRawString());
    }
  });

  it('refuses garbage, truncated and padded BoCs before building cells', () => {
    const bytes = externalWith(beginCell().storeUint(1, 32).endCell()).toBoc({ idx: false });
    rejects(Buffer.alloc(0), 'empty bag of cells');
    rejects(Buffer.from('not a bag of cells at all'), 'bad magic');
    rejects(bytes.subarray(0, bytes.length - 3), 'truncated');
    rejects(bytes.subarray(0, 6), 'truncated');
    rejects(Buffer.concat([bytes, Buffer.from([0])]), 'trailing bytes');
  });

  it('refuses too many cells from the header, too deep a tree and oversized BoCs', () => {
    rejects(externalWith(chain(9000)).toBoc({ idx: false }), 'more than 8192 cells');
    rejects(externalWith(chain(514)).toBoc({ idx: false }), 'deeper than 512 cells');
    // The body goes inline (its top cell merges into the message's root): depth 512, the limit itself.
    const atLimit = externalWith(chain(513)).toBoc({ idx: false });
    assert.equal(
      checkExternalMessageBoc(atLimit, DEFAULT_EXTERNAL_MESSAGE_LIMITS).root.depth(),
      512,
    );
    const small = { ...DEFAULT_EXTERNAL_MESSAGE_LIMITS, maxBocBytes: 100 };
    assert.throws(
      () => checkExternalMessageBoc(externalWith(chain(20)).toBoc({ idx: false }), small),
      /larger than 100 bytes/,
    );
    // A header that claims 2^32-1 cells is refused without reading them.
    const header = Buffer.from(
      'b5ee9c72' + '0401' + 'ffffffff' + '00000001' + '00000000' + '00' + '00000000',
      'hex',
    );
    rejects(header, 'more than 8192 cells');
  });

  it('refuses backward references (cycles) and several roots', () => {
    // One cell (index 0) whose only reference points at itself.
    const cyclic = Buffer.from([0xb5, 0xee, 0x9c, 0x72, 0x01, 0x01, 1, 1, 0, 3, 0, 0x01, 0x00, 0]);
    rejects(cyclic, 'references must point forward');
    const message = externalWith(beginCell().endCell());
    rejects(
      serializeBocMultiRoot([message, beginCell().storeUint(1, 8).endCell()]),
      'expected one root cell, got 2',
    );
  });

  it('refuses internal messages and cells that are not messages', () => {
    const internalMessage = beginCell()
      .store(storeMessageRelaxed(internal({ to: DEST, value: 1n })))
      .endCell();
    rejects(internalMessage.toBoc(), 'not an external inbound message');
    rejects(beginCell().storeUint(7, 3).endCell().toBoc(), 'not an external inbound message');
  });
});

describe('externalMessageLimitsOf', () => {
  it('reads size_limits_config#01 and #02, and defaults otherwise', () => {
    const v2 = beginCell()
      .storeUint(0x02, 8)
      .storeUint(1 << 21, 32)
      .storeUint(1000, 32)
      .storeUint(1000, 32)
      .storeUint(512, 16)
      .storeUint(4096, 32)
      .storeUint(64, 16)
      .storeUint(0, 32)
      .endCell();
    assert.deepEqual(externalMessageLimitsOf(v2), {
      maxBocBytes: 4096,
      maxCells: 1000,
      maxDepth: 64,
    });
    assert.deepEqual(externalMessageLimitsOf(undefined), DEFAULT_EXTERNAL_MESSAGE_LIMITS);
    assert.deepEqual(
      externalMessageLimitsOf(beginCell().storeUint(3, 8).endCell()),
      DEFAULT_EXTERNAL_MESSAGE_LIMITS,
    );
  });
});
