/**
 * The messages a signed wallet external asks for, read from bodies built with the registry's
 * `WALLET_SIGNED` and `WALLET_V5R1` constructors (the same declarations the reader loads with).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Address, beginCell, type Cell, internal, storeMessageRelaxed } from '@ton/core';
import { storeFields, WALLET_SIGNED, WALLET_V5R1 } from '@app/ton';
import { walletExternalPayloads } from './wallet-external';

const DEST = Address.parseRaw(`0:${'cd'.repeat(32)}`);
const SIGNATURE = Buffer.alloc(64, 7);

function message(value: bigint): Cell {
  const body = beginCell().storeUint(0x0f8a7ea5, 32).endCell();
  return beginCell()
    .store(storeMessageRelaxed(internal({ to: DEST, value, bounce: true, body })))
    .endCell();
}

const HEADER = { signature: SIGNATURE, subwallet_id: 698983191, valid_until: 1, seqno: 3 };

function summary(body: Cell): [string | null, bigint, number | null][] {
  return walletExternalPayloads(body).map((p) => [
    p?.destination ?? null,
    p?.value ?? -1n,
    p?.opcode ?? null,
  ]);
}

void describe('walletExternalPayloads', () => {
  void it('reads a v3 body: one message per ref after the header', () => {
    const messages = beginCell().storeUint(3, 8).storeRef(message(5n)).storeRef(message(6n));
    const values = { ...HEADER, messages: messages.endCell() };
    const body = storeFields(WALLET_SIGNED.v3, values);
    assert.deepEqual(summary(body), [
      [`0:${'CD'.repeat(32)}`, 5n, 0x0f8a7ea5],
      [`0:${'CD'.repeat(32)}`, 6n, 0x0f8a7ea5],
    ]);
  });

  void it('reads a v5r1 signed external through its out-action list', () => {
    const send = (prev: Cell, value: bigint): Cell =>
      beginCell()
        .storeRef(prev)
        .storeUint(0x0ec3c86d, 32)
        .storeUint(3, 8)
        .storeRef(message(value))
        .endCell();
    const actions = send(send(beginCell().endCell(), 1n), 2n);
    const values = {
      wallet_id: 2147483409,
      valid_until: 1,
      seqno: 0,
      out_actions: actions,
      has_other_actions: false,
      other_actions: null,
      signature: SIGNATURE,
    };
    const body = storeFields(WALLET_V5R1.signed_external, values);
    assert.deepEqual(
      summary(body).map(([, value]) => value),
      [2n, 1n],
    );
  });

  void it('reads nothing from a body no wallet version lays out', () => {
    assert.deepEqual(walletExternalPayloads(beginCell().storeUint(1, 8).endCell()), []);
  });
});
