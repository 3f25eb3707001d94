import { createHash } from 'node:crypto';
import { Address, beginCell, type Cell } from '@ton/core';

/** A message body template of the synthetic dataset: a real BoC and its cell hash. */
export interface BodyTemplate {
  readonly body: string;
  readonly idx: number;
  /** base64 cell hash, as message_contents.hash and messages.body_hash store it. */
  readonly hash: string;
  /** base64 BoC, as message_contents.body stores it. */
  readonly boc: string;
  /** The first 32 bits as a signed int32 (messages.opcode); null for an empty body. */
  readonly opcode: number | null;
  /** The text of a comment body (op 0), as the decoder puts it in ton_transfer_data.content. */
  readonly comment: string | null;
}

/** Templates per kind: the dataset picks one by trace number (`t % VARIANTS`). */
export const VARIANTS = 256;

function digest(label: string, bytes = 32): Buffer {
  return createHash('sha512').update(label).digest().subarray(0, bytes);
}

function someAddress(label: string): Address {
  return new Address(0, digest(label));
}

function template(
  body: string,
  idx: number,
  cell: Cell,
  comment: string | null = null,
): BodyTemplate {
  const bits = cell.beginParse();
  return {
    body,
    idx,
    hash: cell.hash().toString('base64'),
    boc: cell.toBoc().toString('base64'),
    opcode: bits.remainingBits >= 32 ? bits.loadUint(32) | 0 : null,
    comment,
  };
}

/**
 * Bodies of the shapes in v3-dataset.sql.ts (TEP-74 Jetton messages, wallet v4 externals, text
 * comments): distinct per variant, so message_contents holds a realistic spread of sizes and the
 * query service decodes real opcodes. The addresses inside do not match the synthetic accounts.
 */
export function bodyTemplates(): BodyTemplate[] {
  const out: BodyTemplate[] = [template('empty', 0, beginCell().endCell())];
  for (let i = 0; i < VARIANTS; i++) {
    const queryId = BigInt(i) * 7919n;
    const amount = BigInt(i + 1) * 1_000_000_000n;
    // Wallet v4 external: signature, subwallet id, valid_until, seqno, op 0 (simple send).
    out.push(
      template(
        'external',
        i,
        beginCell()
          .storeBuffer(digest(`signature-${String(i)}`, 64))
          .storeUint(698983191, 32)
          .storeUint(1_760_000_000 + i, 32)
          .storeUint(i, 32)
          .storeUint(0, 8)
          .endCell(),
      ),
    );
    const text = `bench transfer ${String(i)}`;
    out.push(
      template('comment', i, beginCell().storeUint(0, 32).storeStringTail(text).endCell(), text),
    );
    out.push(
      template(
        'jetton_transfer',
        i,
        beginCell()
          .storeUint(0x0f8a7ea5, 32)
          .storeUint(queryId, 64)
          .storeCoins(amount)
          .storeAddress(someAddress(`receiver-${String(i)}`))
          .storeAddress(someAddress(`sender-${String(i)}`))
          .storeBit(false)
          .storeCoins(1n)
          .storeBit(false)
          .endCell(),
      ),
    );
    out.push(
      template(
        'internal_transfer',
        i,
        beginCell()
          .storeUint(0x178d4519, 32)
          .storeUint(queryId, 64)
          .storeCoins(amount)
          .storeAddress(someAddress(`sender-${String(i)}`))
          .storeAddress(someAddress(`sender-${String(i)}`))
          .storeCoins(1n)
          .storeBit(false)
          .endCell(),
      ),
    );
    out.push(
      template(
        'transfer_notification',
        i,
        beginCell()
          .storeUint(0x7362d09c, 32)
          .storeUint(queryId, 64)
          .storeCoins(amount)
          .storeAddress(someAddress(`sender-${String(i)}`))
          .storeBit(false)
          .endCell(),
      ),
    );
    out.push(
      template(
        'excesses',
        i,
        beginCell().storeUint(0xd53276db, 32).storeUint(queryId, 64).endCell(),
      ),
    );
  }
  return out;
}
