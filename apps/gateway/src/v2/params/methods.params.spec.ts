import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isTonApiError } from '@app/contracts';
import { serializeBocMultiRoot } from '@app/ton';
import { Address, beginCell, type Cell, external, storeMessage } from '@ton/core';
import {
  legacyStack,
  requiredExternalMessage,
  optionalLibraries,
  requiredMethodId,
} from './methods.params';

const DEST = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');

function externalWith(body: Cell): Cell {
  return beginCell()
    .store(storeMessage(external({ to: DEST, body })))
    .endCell();
}

function fails(run: () => unknown, message: string, status = 'INVALID_ARGUMENT'): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(isTonApiError(error));
    assert.equal(error.message, message);
    assert.equal(error.code, status);
    return true;
  });
}

describe('requiredMethodId', () => {
  it('resolves names to their crc16 id and keeps integer ids', () => {
    assert.equal(requiredMethodId({ method: 'seqno' }, 'post'), 85143);
    assert.equal(requiredMethodId({ method: 85143 }, 'post'), 85143);
    assert.equal(requiredMethodId({ method: '-1' }, 'post'), -1);
    fails(() => requiredMethodId({}, 'post'), 'failed to validate request: empty method');
    fails(
      () => requiredMethodId({ method: 2 ** 31 }, 'post'),
      'failed to parse post request: failed to parse method',
    );
  });
});

describe('legacyStack', () => {
  it('maps an unsupported type to the 542 code and bad entries to 422', () => {
    fails(
      () => legacyStack({ stack: [['tvm.Dict', 'x']] }, 'post'),
      'Unsupported stack entry type: tvm.Dict',
      'UNSUPPORTED_STACK_ENTRY',
    );
    fails(() => legacyStack({ stack: [['num', 'q']] }, 'post'), 'Invalid number: q');
  });

  it('requires the stack, as the RunGetMethodRequest schema of 2.1 does', () => {
    fails(() => legacyStack({}, 'post'), 'failed to parse post request: stack required');
  });
});

describe('optionalLibraries', () => {
  it('accepts hex, base64 and base64url hashes, repeated or as an array, or none', () => {
    const hash = Buffer.alloc(32, 0xfb);
    assert.deepEqual(
      optionalLibraries({ libraries: [hash.toString('hex'), hash.toString('base64url')] }, 'get'),
      [hash.toString('base64'), hash.toString('base64')],
    );
    assert.deepEqual(optionalLibraries({ libraries: hash.toString('base64') }, 'get'), [
      hash.toString('base64'),
    ]);
    assert.deepEqual(optionalLibraries({}, 'get'), []);
  });
});

describe('requiredExternalMessage', () => {
  it('accepts one external-in message and re-encodes it as standard base64', () => {
    const message = externalWith(beginCell().storeUint(1, 32).endCell());
    const parsed = requiredExternalMessage({ boc: message.toBoc().toString('base64url') }, 'post');
    assert.equal(parsed.boc, message.toBoc().toString('base64'));
    assert.equal(parsed.root.hash().toString('hex'), message.hash().toString('hex'));
  });

  it('refuses several roots, too deep a tree and non-messages', () => {
    const message = externalWith(beginCell().endCell());
    const twoRoots = serializeBocMultiRoot([message, beginCell().storeUint(1, 8).endCell()]);
    fails(
      () => requiredExternalMessage({ boc: twoRoots.toString('base64') }, 'post'),
      'failed to parse post request: invalid boc: expected one root cell, got 2',
    );
    let deep = beginCell().endCell();
    for (let i = 0; i < 520; i++) {
      deep = beginCell().storeUint(i, 16).storeRef(deep).endCell();
    }
    fails(
      () => requiredExternalMessage({ boc: externalWith(deep).toBoc().toString('base64') }, 'post'),
      'failed to parse post request: invalid boc: deeper than 512 cells',
    );
    fails(
      () =>
        requiredExternalMessage(
          { boc: beginCell().storeUint(7, 3).endCell().toBoc().toString('base64') },
          'post',
        ),
      'failed to parse post request: invalid boc: not an external inbound message',
    );
  });
});
