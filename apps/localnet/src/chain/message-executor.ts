import { type Address, beginCell, type Cell, type Message, storeMessage } from '@ton/core';
import type { Blockchain, SmartContractTransaction } from '@ton/sandbox';

import { type InMsg, type MsgEnvelope, msgEnvelopeCell, outQueueKey } from '@app/ton';

import { type ChainWork, transactionMessageCells } from './block-assembler';
import { EmulatorStep } from './emulator-step';
import type { ShardChain } from './shard-chain';

/** A message waiting for the next block. */
export type Pending =
  | { readonly kind: 'external'; readonly message: Message; readonly cell?: Cell }
  | { readonly kind: 'injected'; readonly message: Message; readonly cell?: Cell }
  | {
      readonly kind: 'queued';
      readonly message: Message;
      readonly source: ShardChain;
      readonly envelope: MsgEnvelope;
      readonly queueKey: bigint;
      readonly createdLt: bigint;
    };

/** What one seal shares with the executor. */
export interface SealContext {
  readonly work: Map<ShardChain, ChainWork>;
  readonly touched: Map<string, Address>;
  readonly now: number;
  readonly randSeed: Buffer;
  /** Queues a message a transaction created, for the next block. */
  readonly requeue: (p: Pending) => void;
}

export function hashKey(c: Cell): bigint {
  return BigInt('0x' + c.hash().toString('hex'));
}

export function addressPrefix64(address: Address): bigint {
  return address.hash.readBigUInt64BE(0);
}

/**
 * Runs queued messages through the emulator one transaction at a time (the messages a transaction
 * creates wait for the next block instead of running in the same cascade) and records each
 * transaction with its InMsg / OutMsg descriptor entries and out-queue changes.
 */
export class MessageExecutor {
  private readonly step: EmulatorStep;

  constructor(
    blockchain: Blockchain,
    private readonly chainOf: (address: Address) => ShardChain,
    private readonly logger?: { warn(obj: object, msg: string): void },
  ) {
    this.step = new EmulatorStep(blockchain);
  }

  /** Executes one message as one emulator step and records it in the seal's work. */
  async execute(item: Pending, ctx: SealContext): Promise<void> {
    const { work, touched, now, randSeed } = ctx;
    const info = item.message.info;
    if (info.type === 'external-out') {
      return;
    }
    const dest = info.dest;
    const chain = this.chainOf(dest);
    const w = work.get(chain);
    if (!w) {
      return;
    }
    let tx: SmartContractTransaction | undefined;
    try {
      // The receiver gets the sender's (or submitter's) exact cell, as on the real chain.
      const cell =
        (item.kind === 'queued' ? item.envelope.message : item.cell) ??
        beginCell().store(storeMessage(item.message)).endCell();
      tx = await this.step.run(dest, cell, { now, randomSeed: randSeed });
    } catch (err) {
      // A message the contract no longer accepts (e.g. a replayed seqno) is dropped, as a collator does.
      this.logger?.warn(
        { dest: dest.toRawString(), err: err instanceof Error ? err.message : String(err) },
        'message dropped',
      );
    }
    if (item.kind === 'queued') {
      this.recordDequeue(item, chain, work, tx);
    }
    if (!tx) {
      return;
    }
    touched.set(dest.toRawString(), dest);
    w.txs.push({ address: dest, tx, cell: tx.raw });
    const { inMsg: inCell, outMsgs } = transactionMessageCells(tx.raw);
    if (inCell) {
      w.inMsgs.set(hashKey(inCell), this.inMsgFor(item, inCell, tx.raw));
    }
    for (const [index, outCell] of outMsgs) {
      const m = tx.outMessages.get(index);
      if (!m) {
        continue;
      }
      if (m.info.type === 'external-out') {
        w.outMsgs.set(hashKey(outCell), { kind: 'ext', message: outCell, transaction: tx.raw });
        continue;
      }
      if (m.info.type !== 'internal') {
        continue;
      }
      const envelope: MsgEnvelope = {
        curBits: 0,
        nextBits: 96,
        fwdFeeRemaining: m.info.forwardFee,
        message: outCell,
      };
      const queueKey = outQueueKey(
        m.info.dest.workChain,
        addressPrefix64(m.info.dest),
        outCell.hash(),
      );
      w.outMsgs.set(hashKey(outCell), {
        kind: 'new',
        envelope,
        transaction: tx.raw,
        value: m.info.value.coins + m.info.ihrFee,
      });
      w.enqueued.push({ key: queueKey, value: { enqueuedLt: m.info.createdLt, envelope } });
      ctx.requeue({
        kind: 'queued',
        message: m,
        source: chain,
        envelope,
        queueKey,
        createdLt: m.info.createdLt,
      });
    }
  }

  private inMsgFor(item: Pending, inCell: Cell, txCell: Cell): InMsg {
    const info = item.message.info;
    if (info.type === 'external-in') {
      return { kind: 'ext', message: inCell, transaction: txCell, importFee: info.importFee };
    }
    if (info.type !== 'internal') {
      throw new Error('unexpected external-out message');
    }
    const envelope: MsgEnvelope =
      item.kind === 'queued'
        ? item.envelope
        : { curBits: 0, nextBits: 96, fwdFeeRemaining: info.forwardFee, message: inCell };
    return {
      kind: 'fin',
      envelope,
      transaction: txCell,
      fwdFee: envelope.fwdFeeRemaining,
      value: info.value.coins + info.ihrFee,
    };
  }

  /** The source shard's side of delivering a queued message: it leaves the out queue. */
  private recordDequeue(
    item: Extract<Pending, { kind: 'queued' }>,
    dest: ShardChain,
    work: Map<ShardChain, ChainWork>,
    tx: SmartContractTransaction | undefined,
  ): void {
    const sw = work.get(item.source);
    if (!sw) {
      return;
    }
    const msgHash = hashKey(item.envelope.message);
    const info = item.message.info;
    const destAddr = info.type === 'internal' ? info.dest : undefined;
    const reimport: InMsg | undefined =
      tx && info.type === 'internal'
        ? {
            kind: 'fin',
            envelope: item.envelope,
            transaction: tx.raw,
            fwdFee: item.envelope.fwdFeeRemaining,
            value: info.value.coins + info.ihrFee,
          }
        : undefined;
    const destWork = work.get(dest);
    sw.dequeued.push({
      key: item.queueKey,
      msgHash,
      build: (importBlockLt) =>
        // msg_export_deq_imm when the same shard imports it; msg_export_deq_short otherwise.
        item.source === dest && reimport
          ? { kind: 'deqImm', envelope: item.envelope, reimport }
          : {
              kind: 'deqShort',
              envelopeHash: msgEnvelopeCell(item.envelope).hash(),
              nextWorkchain: destAddr?.workChain ?? dest.workchain,
              nextAddrPfx: destAddr ? addressPrefix64(destAddr) : 0n,
              importBlockLt: destWork?.endLt ?? importBlockLt,
            },
    });
  }
}
