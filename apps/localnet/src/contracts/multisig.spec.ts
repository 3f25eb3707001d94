import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { beginCell, internal, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { Multisig, MultisigOrder } from './multisig.contract';
import {
  exitCode,
  inboundBody,
  inboundValue,
  succeeded,
  transactionTo,
} from './sandbox-transactions';
import { textComment } from './tep64-content';
import { MULTISIG } from '@app/ton';

const NOW = 1_800_000_000;

void describe('multisig (multisig v2 interface)', () => {
  let blockchain: Blockchain;
  let a: SandboxContract<TreasuryContract>;
  let b: SandboxContract<TreasuryContract>;
  let c: SandboxContract<TreasuryContract>;
  let proposer: SandboxContract<TreasuryContract>;
  let payee: SandboxContract<TreasuryContract>;
  let multisig: SandboxContract<Multisig>;

  const newOrder = (
    from: SandboxContract<TreasuryContract>,
    args: Parameters<typeof Multisig.newOrderBody>[0],
  ) => from.send({ to: multisig.address, value: toNano('0.2'), body: Multisig.newOrderBody(args) });
  const order = async (seqno: bigint) =>
    blockchain.openContract(MultisigOrder.createFromAddress(await multisig.getOrderAddress(seqno)));

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = NOW;
    a = await blockchain.treasury('ms-a');
    b = await blockchain.treasury('ms-b');
    c = await blockchain.treasury('ms-c');
    proposer = await blockchain.treasury('ms-proposer');
    payee = await blockchain.treasury('ms-payee');
    multisig = blockchain.openContract(
      await Multisig.createFromConfig({
        threshold: 2,
        signers: [a.address, b.address, c.address],
        proposers: [proposer.address],
      }),
    );
    await a.send({ to: multisig.address, value: toNano('5'), init: multisig.init, bounce: false });
  });

  void it('answers get_multisig_data', async () => {
    const data = await multisig.getMultisigData();
    assert.equal(data.nextOrderSeqno, 0n);
    assert.equal(data.threshold, 2);
    assert.deepEqual(
      data.signers.map((s) => s.toRawString()),
      [a, b, c].map((s) => s.address.toRawString()),
    );
    assert.deepEqual(
      data.proposers.map((s) => s.toRawString()),
      [proposer.address.toRawString()],
    );
  });

  void it('refuses new orders from strangers (1007) and at a wrong seqno (1008)', async () => {
    const actions = [
      { type: 'send' as const, mode: 1, message: internal({ to: payee.address, value: 1n }) },
    ];
    const stranger = await newOrder(payee, {
      orderSeqno: 0n,
      bySigner: true,
      index: 0,
      expirationDate: NOW + 3600,
      actions,
    });
    assert.equal(
      exitCode(transactionTo(stranger.transactions, multisig.address) ?? assert.fail()),
      1007,
    );
    const wrongSeqno = await newOrder(a, {
      orderSeqno: 5n,
      bySigner: true,
      index: 0,
      expirationDate: NOW + 3600,
      actions,
    });
    assert.equal(
      exitCode(transactionTo(wrongSeqno.transactions, multisig.address) ?? assert.fail()),
      1008,
    );
  });

  void it('deploys an order approved by its signer, then executes it at the threshold', async () => {
    const created = await newOrder(a, {
      queryId: 1n,
      orderSeqno: 0n,
      bySigner: true,
      index: 0,
      expirationDate: NOW + 3600,
      actions: [
        {
          type: 'send',
          mode: 1,
          message: internal({
            to: payee.address,
            value: toNano('1'),
            body: textComment('from the multisig'),
          }),
        },
      ],
    });
    const order0 = await order(0n);
    assert.ok(
      succeeded(
        transactionTo(created.transactions, order0.address, MULTISIG.order_init.opcode) ??
          assert.fail(),
      ),
    );
    const before = await order0.getOrderData();
    assert.deepEqual(
      [
        before.orderSeqno,
        before.threshold,
        before.sentForExecution,
        before.approvalsMask,
        before.approvalsNum,
        before.expirationDate,
      ],
      [0n, 2, false, 1n, 1, NOW + 3600],
    );
    assert.equal(before.multisig.toRawString(), multisig.address.toRawString());
    assert.equal((await multisig.getMultisigData()).nextOrderSeqno, 1n);

    const wrongIndex = await b.send({
      to: order0.address,
      value: toNano('0.1'),
      body: Multisig.approveBody(0),
    });
    assert.equal(
      exitCode(transactionTo(wrongIndex.transactions, order0.address) ?? assert.fail()),
      106,
    );
    const twice = await a.send({
      to: order0.address,
      value: toNano('0.1'),
      body: Multisig.approveBody(0),
    });
    assert.equal(exitCode(transactionTo(twice.transactions, order0.address) ?? assert.fail()), 107);

    const approved = await b.send({
      to: order0.address,
      value: toNano('0.1'),
      body: Multisig.approveBody(1, 2n),
    });
    const execute = transactionTo(approved.transactions, multisig.address, MULTISIG.execute.opcode);
    assert.ok(execute !== undefined && succeeded(execute));
    const paid = transactionTo(approved.transactions, payee.address);
    assert.ok(paid !== undefined);
    assert.equal(inboundValue(paid), toNano('1'));
    assert.equal(inboundBody(paid).skip(32).loadStringTail(), 'from the multisig');
    const after = await order0.getOrderData();
    assert.deepEqual(
      [after.sentForExecution, after.approvalsMask, after.approvalsNum],
      [true, 3n, 2],
    );

    const late = await c.send({
      to: order0.address,
      value: toNano('0.1'),
      body: Multisig.approveBody(2),
    });
    assert.equal(exitCode(transactionTo(late.transactions, order0.address) ?? assert.fail()), 112);
  });

  void it('lets a proposer propose a parameter update that the signers approve', async () => {
    await newOrder(proposer, {
      orderSeqno: 1n,
      bySigner: false,
      index: 0,
      expirationDate: NOW + 3600,
      actions: [{ type: 'update', threshold: 1, signers: [a.address], proposers: [] }],
    });
    const order1 = await order(1n);
    assert.equal((await order1.getOrderData()).approvalsNum, 0);
    const first = await a.send({
      to: order1.address,
      value: toNano('0.1'),
      body: Multisig.approveBody(0),
    });
    assert.ok(
      transactionTo(first.transactions, a.address, MULTISIG.approve_accepted.opcode) !== undefined,
    );
    await c.send({ to: order1.address, value: toNano('0.1'), body: Multisig.approveBody(2) });
    const data = await multisig.getMultisigData();
    assert.equal(data.threshold, 1);
    assert.deepEqual(
      data.signers.map((s) => s.toRawString()),
      [a.address.toRawString()],
    );
    assert.deepEqual(data.proposers, []);
    assert.equal(data.nextOrderSeqno, 2n);
  });

  void it('refuses an execute that does not come from the order contract (101)', async () => {
    const forged = beginCell()
      .storeUint(MULTISIG.execute.opcode, 32)
      .storeUint(0, 64)
      .storeUint(0n, 256)
      .storeUint(NOW + 3600, 48)
      .storeUint(3, 8)
      .storeUint(0n, 256)
      .storeRef(beginCell().endCell())
      .endCell();
    const result = await payee.send({ to: multisig.address, value: toNano('0.1'), body: forged });
    assert.equal(
      exitCode(transactionTo(result.transactions, multisig.address) ?? assert.fail()),
      101,
    );
  });
});
