/**
 * Multisig v2 actions (toncenter `blocks/multisig.py`, `block_tree_serializer.py`) on synthetic traces
 * with real TL-B bodies (https://github.com/ton-blockchain/multisig-contract-v2), and their v3 details
 * as ton-index-go renders them (`ActionDetailsMultisig*`: query id and seqno as strings, index, date,
 * count and exit code as numbers). No mainnet multisig trace is among the fixtures; the local
 * network's multisig is covered by the decoder's integration test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, Dictionary } from '@ton/core';
import { renderActionDetails } from '@app/actions';
import type { AccountInterfaces } from '../trace-model';
import { classifyOk as classify, onlyAction as only } from '../testing/classified';
import { type Hop, syntheticTrace as trace, testAddress } from '../testing/synthetic-trace';
import { bocBase64 } from '../tlb/cells';

const WALLET = testAddress(0, 'a');
const OTHER = testAddress(0, 'b');
const MULTISIG = testAddress(0, 'e');
const ORDER = testAddress(0, 'f');

/** An external to WALLET that sends `hop` on. */
function fromWallet(hop: Omit<Hop, 'from'>): Hop {
  return { from: null, to: WALLET, children: [{ ...hop, from: WALLET }] };
}

const op = (code: number, queryId = 7n) => beginCell().storeUint(code, 32).storeUint(queryId, 64);

describe('multisig v2 (multisig.py)', () => {
  const order = beginCell().storeUint(1, 8).endCell();
  /** new_order (approve on init by signer 0, expiring 1_800_000_000) of order seqno `seqno`. */
  const newOrderBody = (queryId: bigint, seqno: bigint) =>
    op(0xf718510f, queryId)
      .storeUint(seqno, 256)
      .storeBit(true)
      .storeUint(0, 8)
      .storeUint(1_800_000_000, 48)
      .storeRef(order)
      .endCell();
  const orderInfo: AccountInterfaces = {
    multisig_order: {
      address: ORDER,
      multisig_address: MULTISIG,
      order_seqno: 0n,
      threshold: 2,
      sent_for_execution: false,
      approvals_mask: 1n,
      approvals_num: 1,
      expiration_date: 1_800_000_000,
      order_boc: bocBase64(order, false),
      signers: [WALLET, OTHER],
    },
  };
  it('multisig_create_order: new_order → init to a known order contract', () => {
    const newOrder = newOrderBody(50n, 0n);
    const init = op(0x9c73fba2, 50n)
      .storeUint(2, 8)
      .storeBit(false)
      .storeUint(1_800_000_000, 48)
      .storeRef(order)
      .storeBit(true)
      .storeUint(0, 8)
      .endCell();
    const t = trace(
      fromWallet({
        to: MULTISIG,
        body: newOrder,
        children: [{ from: MULTISIG, to: ORDER, body: init, deploys: true }],
      }),
      { [ORDER]: orderInfo },
    );
    const a = only(classify(t), 'multisig_create_order');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, MULTISIG);
    assert.equal(a.destination_secondary, ORDER);
    assert.deepEqual(a.multisig_create_order_data, {
      query_id: 50n,
      order_seqno: 0n,
      is_created_by_signer: true,
      is_signed_by_creator: true,
      creator_index: 0,
      expiration_date: 1_800_000_000,
      order_boc: bocBase64(order, false),
    });
    assert.ok(a.accounts.includes(OTHER), 'signers join the accounts');
    assert.deepEqual(renderActionDetails(a.type, a), {
      query_id: '50',
      order_seqno: '0',
      is_created_by_signer: true,
      is_signed_by_creator: true,
      creator_index: 0,
      expiration_date: 1_800_000_000,
      order_boc: bocBase64(order, false),
      source: WALLET,
      destination: MULTISIG,
      destination_order: ORDER,
    });
  });
  it('without the order interface there is no multisig action', () => {
    const t = trace(fromWallet({ to: ORDER, body: op(0xa762230f).storeUint(1, 8).endCell() }));
    assert.equal(
      classify(t).some((a) => a.type.startsWith('multisig')),
      false,
    );
  });
  it('multisig_approve (opcode, accepted) then multisig_execute from the order', () => {
    const execute = op(0x75097f5d, 51n)
      .storeUint(0n, 256)
      .storeUint(1_800_000_000, 48)
      .storeUint(2, 8)
      .storeBuffer(Buffer.alloc(32, 9))
      .storeRef(order)
      .endCell();
    const t = trace(
      fromWallet({
        to: ORDER,
        body: op(0xa762230f, 51n).storeUint(1, 8).endCell(),
        children: [
          { from: ORDER, to: WALLET, body: op(0x82609bf6, 51n).endCell() },
          { from: ORDER, to: MULTISIG, body: execute },
        ],
      }),
      { [ORDER]: orderInfo },
    );
    const actions = classify(t);
    const approve = only(actions, 'multisig_approve');
    assert.equal(approve.source, WALLET);
    assert.equal(approve.destination, ORDER);
    assert.equal(approve.success, true);
    assert.deepEqual(approve.multisig_approve_data, { signer_index: 1, exit_code: 0 });
    assert.deepEqual(renderActionDetails(approve.type, approve), {
      signer_index: 1,
      exit_code: 0,
      source: WALLET,
      destination: ORDER,
    });
    const exec = only(actions, 'multisig_execute');
    assert.equal(exec.source, ORDER);
    assert.equal(exec.destination, MULTISIG);
    assert.deepEqual(exec.multisig_execute_data, {
      query_id: 51n,
      order_seqno: 0n,
      expiration_date: 1_800_000_000,
      approvals_num: 2,
      signers_hash: Buffer.alloc(32, 9).toString('base64'),
      order_boc: bocBase64(order, false),
    });
    assert.deepEqual(renderActionDetails(exec.type, exec), {
      query_id: '51',
      order_seqno: '0',
      expiration_date: 1_800_000_000,
      approvals_num: 2,
      signers_hash: Buffer.alloc(32, 9).toString('base64'),
      order_boc: bocBase64(order, false),
      source: ORDER,
      destination: MULTISIG,
    });
  });
  it('multisig_approve by the "approve" comment, rejected: signer_index -1, exit code, not success', () => {
    const comment = beginCell().storeUint(0, 32).storeStringTail('approve').endCell();
    const t = trace(
      fromWallet({
        to: ORDER,
        body: comment,
        children: [{ from: ORDER, to: WALLET, body: op(0xafaf283e).storeUint(107, 32).endCell() }],
      }),
      { [ORDER]: orderInfo },
    );
    const a = only(classify(t), 'multisig_approve');
    assert.equal(a.success, false);
    assert.deepEqual(a.multisig_approve_data, { signer_index: -1, exit_code: 107 });
    assert.deepEqual(renderActionDetails(a.type, a), {
      signer_index: -1,
      exit_code: 107,
      source: WALLET,
      destination: ORDER,
    });
  });

  describe('the order init as toncenter reads it (MultisigInitOrder, pytoniq load_dict)', () => {
    const signersDict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Address());
    signersDict.set(0, Address.parse(WALLET));
    signersDict.set(1, Address.parse(OTHER));
    const signers = beginCell().storeDictDirect(signersDict).endCell();
    const newOrder = newOrderBody(51n, 3n);
    /**
     * init#9c73fba2 query_id:51 threshold:2, the signers (after a set Maybe bit when asked), an
     * expiration date, the order, approve_on_init and, when approved on init, signer_index 0.
     */
    const orderInit = (layout: {
      maybeBitBeforeSigners: boolean;
      approveOnInit: boolean;
    }): Cell => {
      const body = op(0x9c73fba2, 51n).storeUint(2, 8);
      if (layout.maybeBitBeforeSigners) {
        body.storeBit(true);
      }
      body
        .storeRef(signers)
        .storeUint(1_800_000_000, 48)
        .storeRef(order)
        .storeBit(layout.approveOnInit);
      if (layout.approveOnInit) {
        body.storeUint(0, 8);
      }
      return body.endCell();
    };
    const createOrder = (init: Cell) =>
      classify(
        trace(
          fromWallet({
            to: MULTISIG,
            body: newOrder,
            children: [{ from: MULTISIG, to: ORDER, body: init, deploys: true }],
          }),
          { [ORDER]: orderInfo },
        ),
      );

    it('a set Maybe bit before an ordinary signers dictionary: nothing (the key reader raises)', () => {
      const init = orderInit({ maybeBitBeforeSigners: true, approveOnInit: true });
      assert.equal(
        createOrder(init).some((a) => a.type === 'multisig_create_order'),
        false,
      );
    });

    // multisig-contract-v2 `order.func` sends init#9c73fba2 query_id threshold:uint8 signers:^Cell
    // (STREF, no Maybe bit) expiration_date:uint48 order:^Cell approve_on_init:Bool
    // signer_index:uint8: read as toncenter reads it, the first bit of the date is the Maybe bit, the
    // first ref (the signers) the order, and the first bit of the index approve_on_init
    it("the contract's layout, approved on init: order_boc is the signers cell, not signed by creator", () => {
      const init = orderInit({ maybeBitBeforeSigners: false, approveOnInit: true });
      const a = only(createOrder(init), 'multisig_create_order');
      assert.deepEqual(a.multisig_create_order_data, {
        query_id: 51n,
        order_seqno: 3n,
        is_created_by_signer: true,
        is_signed_by_creator: false,
        creator_index: 0,
        expiration_date: 1_800_000_000,
        order_boc: bocBase64(signers, false),
      });
    });

    it("the contract's layout, not approved on init: the body runs out, no create order", () => {
      const init = orderInit({ maybeBitBeforeSigners: false, approveOnInit: false });
      assert.equal(
        createOrder(init).some((a) => a.type === 'multisig_create_order'),
        false,
      );
    });
  });
});
