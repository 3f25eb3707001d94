import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Address, beginCell, Cell, type Builder } from '@ton/core';
import { readFixture } from '@app/testing';
import { parseBlock } from '../block/block.parser';
import { type ParsedMessage } from '../block/parsed-block';
import { ref, uint } from './field-type';
import { decodeBodyAsWith, decodeBodyWith } from './body-decoder';
import { decodeBody, decodeBodyAs } from './message-body.registry';
import { tlb } from './tlb-constructor';
import { TlbRegistry } from './tlb-registry';

// Real message bodies of the mainnet blocks in fixtures/mainnet/blocks (fixtures/README.md).
const messagesByFile = new Map<string, Map<string, ParsedMessage>>();

function message(file: string, hash: string): ParsedMessage {
  let byHash = messagesByFile.get(file);
  if (byHash === undefined) {
    const root = Cell.fromBoc(readFixture('mainnet', 'blocks', file))[0]!;
    const block = parseBlock(root, { rootHash: root.hash(), fileHash: Buffer.alloc(32) });
    byHash = new Map();
    for (const tx of block.transactions) {
      for (const m of [tx.inMessage, ...tx.outMessages]) {
        if (m !== null) {
          byHash.set(m.hash, m);
        }
      }
    }
    messagesByFile.set(file, byHash);
  }
  const m = byHash.get(hash);
  assert.ok(m, `message ${hash} not in ${file}`);
  return m;
}

function decodedBodyOf(file: string, hash: string): unknown {
  return decodeBody(Cell.fromBase64(message(file, hash).bodyBoc));
}

// One jetton transfer of block-2 (0,8000000000000000,40484416), followed through its wallets.
const SENDER_WALLET_OWNER = '0:BD2FAAD2D394198E63EA88E36CF88C5260BC44FA02D91254EF09E617EAAB3C85';
const COMMENT = { '@type': 'text_comment', text: 'ton_drift - telegram' };

void describe('decodeBody on mainnet bodies', () => {
  void it('jetton_transfer, with its text-comment forward payload decoded', () => {
    assert.deepEqual(decodedBodyOf('block-2.bin', 'Bl6f0R9D645ThjlbzQAzbp0mfW92cPI66b5tERwiD0U='), {
      '@type': 'jetton_transfer',
      query_id: '1701783339755',
      amount: '432151000000',
      destination: '0:1D955F3E3989CB2794AA8BF7CC6EA16850D954652F0FD7D71002AE12590AD360',
      response_destination: SENDER_WALLET_OWNER,
      custom_payload: null,
      forward_ton_amount: '1',
      forward_payload: COMMENT,
    });
  });

  void it('jetton_internal_transfer', () => {
    assert.deepEqual(decodedBodyOf('block-2.bin', 'wfECRuWRUmlcF0QbDGC1sQINvJX+xAOqN4XPxSs2NxQ='), {
      '@type': 'jetton_internal_transfer',
      query_id: '1701783339755',
      amount: '432151000000',
      from: SENDER_WALLET_OWNER,
      response_address: SENDER_WALLET_OWNER,
      forward_ton_amount: '1',
      forward_payload: COMMENT,
    });
  });

  void it('jetton_notify', () => {
    assert.deepEqual(decodedBodyOf('block-2.bin', '+rwdhlgrdY8J0mXNOCUx+Wb6+Cj6BJXw/J+cUxzcc/8='), {
      '@type': 'jetton_notify',
      query_id: '1701783339755',
      amount: '432151000000',
      sender: SENDER_WALLET_OWNER,
      forward_payload: COMMENT,
    });
  });

  void it('excess', () => {
    assert.deepEqual(decodedBodyOf('block-2.bin', 'sFHN9Z0q1nPcPssX2jweLncyA1dCVfGkVgG5tgKu4b4='), {
      '@type': 'excess',
      query_id: '1701783339755',
    });
  });

  void it('nft_transfer, with an unknown forward payload kept as BoC', () => {
    const owner = '0:12EBF07F04031BD1C23F7DCEF40BC48FEE2D725F0CB9BE19B10B57DE7384835C';
    assert.deepEqual(decodedBodyOf('block-2.bin', 'tti9sZqA0AgWB+fHb5hBicRa+Wp4/Otvznk2B1bHLXI='), {
      '@type': 'nft_transfer',
      query_id: '0',
      new_owner: owner,
      response_destination: owner,
      custom_payload: null,
      forward_amount: '150000000',
      forward_payload: 'te6cckEBAQEABwAACkKcZ8cegdw/bA==',
    });
  });

  void it('text_comment', () => {
    assert.deepEqual(decodedBodyOf('block-2.bin', 'CxlYy13dPTMbAQIrPytlpi0qxYr4gbK4Rw4RXQe/UPg='), {
      '@type': 'text_comment',
      text: 'data:application/json,{"p":"ton-20","op":"mint","tick":"nano","amt":"100000000000"}',
    });
  });

  void it('a wallet v5r1 signed_external', () => {
    assert.deepEqual(decodedBodyOf('block-6.bin', 'BAiBvqceuXkPx4bgnqDPvNWB3Zav3UgPv9WGHpO+SAU='), {
      '@type': 'signed_external',
      wallet_id: 2147483409,
      valid_until: 1751461596,
      seqno: 591,
      out_actions:
        'te6cckEBAwEAUwACCg7DyG0DAQIAAACLYgA5OHyAVnUmYzQn74quEymV2Huw9Z+3afdGwFeoDAU9dRpiWgAAAAAAAAAAAAAAAAAAbGwggAAAAAAAAAAAUXDNweAACIPlw3I=',
      has_other_actions: false,
      other_actions: null,
      signature:
        '734c535cb05d6b1861013a4ffc98069991d5ccf52144b24d7a301cac75aac5a10537fa908ddfb1ff84bc4749cbfc8da15c5cc3f5e32cfc046810eea826861e01',
    });
  });
});

const addr = (n: number): Address => new Address(0, Buffer.alloc(32, n));
const raw = (n: number): string => `0:${Buffer.alloc(32, n).toString('hex').toUpperCase()}`;
const body = (op: number, fill: (b: Builder) => Builder = (b) => b): Cell =>
  fill(beginCell().storeUint(op, 32)).endCell();

void describe('decodeBody', () => {
  void it('renders uints below 53 bits as numbers, wider ones and coins as strings', () => {
    const c = body(0xa762230f, (b) => b.storeUint(2n ** 64n - 1n, 64).storeUint(7, 8));
    assert.deepEqual(decodeBody(c), {
      '@type': 'multisig_approve',
      query_id: '18446744073709551615',
      signer_index: 7,
    });
  });

  void it('reads x:flag?X only when the flag is set', () => {
    const order = beginCell().storeUint(1, 8).endCell();
    const signers = beginCell().storeUint(0, 8).endCell();
    const init = (approve: boolean): Cell =>
      body(0x9c73fba2, (b) => {
        b.storeUint(5, 64).storeUint(2, 8).storeMaybeRef(signers).storeUint(1700000000, 48);
        b.storeRef(order).storeBit(approve);
        return approve ? b.storeUint(3, 8) : b;
      });
    const common = {
      '@type': 'multisig_order_init',
      query_id: '5',
      threshold: 2,
      signers: signers.toBoc({ idx: false, crc32: true }).toString('base64'),
      expiration_date: 1700000000,
      order: order.toBoc({ idx: false, crc32: true }).toString('base64'),
    };
    assert.deepEqual(decodeBody(init(true)), { ...common, approve_on_init: true, signer_index: 3 });
    assert.deepEqual(decodeBody(init(false)), {
      ...common,
      approve_on_init: false,
      signer_index: null,
    });
  });

  void it('renders sum types with the variant as @type (a DeDust swap log)', () => {
    const c = body(0x9c610de3, (b) =>
      b
        .storeUint(0, 4)
        .storeUint(1, 4)
        .storeInt(0, 8)
        .storeBuffer(Buffer.alloc(32, 0xab))
        .storeCoins(10n)
        .storeCoins(20n)
        .storeRef(
          beginCell()
            .storeAddress(addr(1))
            .storeAddress(null)
            .storeCoins(1n)
            .storeCoins(2n)
            .endCell(),
        ),
    );
    assert.deepEqual(decodeBody(c), {
      '@type': 'dedust_swap_event',
      asset_in: { '@type': 'native' },
      asset_out: { '@type': 'jetton', workchain_id: 0, address: 'ab'.repeat(32) },
      amount_in: '10',
      amount_out: '20',
      details: { sender_addr: raw(1), referral_addr: null, reserve0: '1', reserve1: '2' },
    });
  });

  void it('renders a swap.coffee liquidity event with both PoolReserves (ton-indexer coffee.py)', () => {
    const c = body(0xc0ffee33, (b) =>
      b
        .storeUint(7, 64)
        .storeCoins(1n)
        .storeCoins(2n)
        .storeCoins(3n)
        .storeCoins(4n)
        .storeCoins(5n)
        .storeCoins(6n)
        .storeCoins(7n),
    );
    assert.deepEqual(decodeBody(c), {
      '@type': 'coffee_deposit_liquidity_succeeded',
      query_id: '7',
      amount1: '1',
      amount2: '2',
      lp_amount: '3',
      total_supply: { input_reserve: '4', output_reserve: '5' },
      reserves: { input_reserve: '6', output_reserve: '7' },
    });
  });

  void it('reads a Tonco position burn to its fee cell (ton-indexer liquidity.py)', () => {
    const fees = beginCell().storeUint(1, 256).storeUint(2, 256).endCell();
    const c = body(0x46ca335a, (b) =>
      b
        .storeUint(3, 64)
        .storeAddress(addr(1))
        .storeUint(4, 128)
        .storeInt(-5, 24)
        .storeInt(6, 24)
        .storeRef(fees),
    );
    assert.deepEqual(decodeBody(c), {
      '@type': 'tonco_position_burn',
      query_id: '3',
      nft_owner: raw(1),
      liquidity_to_burn: '4',
      tick_lower: -5,
      tick_upper: 6,
      old_fee_cell: { fee_growth_inside_0_last_x128: '1', fee_growth_inside_1_last_x128: '2' },
    });
  });

  /** What withdraw_3's fields (query_id 1, addr(1), 9, addr(2)) decode to. */
  const WITHDRAW_3 = {
    '@type': 'coffee_staking_position_withdraw_3',
    query_id: '1',
    jetton_wallet: raw(1),
    jetton_amount: '9',
    owner: raw(2),
  };

  void it('tells the three swap.coffee staking withdrawals sharing 0xcb03bfaf apart', () => {
    const first = body(0xcb03bfaf, (b) => b.storeUint(1, 64));
    const third = body(0xcb03bfaf, (b) =>
      b.storeUint(1, 64).storeAddress(addr(1)).storeCoins(9n).storeAddress(addr(2)),
    );
    assert.deepEqual(decodeBody(first), {
      '@type': 'coffee_staking_position_withdraw',
      query_id: '1',
    });
    assert.deepEqual(decodeBody(third), WITHDRAW_3);
  });

  void it('decodes a body with trailing data as the layout that reads the most of it', () => {
    // withdraw_3 with bits no layout lists: withdraw_1 reads only its query_id and must not win.
    const third = body(0xcb03bfaf, (b) =>
      b
        .storeUint(1, 64)
        .storeAddress(addr(1))
        .storeCoins(9n)
        .storeAddress(addr(2))
        .storeUint(7, 16),
    );
    assert.deepEqual(decodeBody(third), WITHDRAW_3);
  });

  void it('splits a wallet v5 request whose other actions precede the signature', () => {
    const actions = beginCell().storeUint(0xee, 8).endCell();
    const c = body(0x73696e74, (b) =>
      b
        .storeUint(1, 32)
        .storeUint(2, 32)
        .storeUint(3, 32)
        .storeMaybeRef(null)
        .storeBit(true)
        .storeUint(0x0e, 8)
        .storeRef(actions)
        .storeBuffer(Buffer.alloc(64, 0x11)),
    );
    assert.deepEqual(decodeBody(c), {
      '@type': 'signed_internal',
      wallet_id: 1,
      valid_until: 2,
      seqno: 3,
      out_actions: null,
      has_other_actions: true,
      other_actions: beginCell()
        .storeUint(0x0e, 8)
        .storeRef(actions)
        .endCell()
        .toBoc({ idx: false, crc32: true })
        .toString('base64'),
      signature: '11'.repeat(64),
    });
  });

  void it('reads snake text across cells and an encrypted comment as hex', () => {
    const tail = beginCell().storeStringTail('world').endCell();
    const c = body(0, (b) => b.storeBuffer(Buffer.from('hello ')).storeRef(tail));
    assert.deepEqual(decodeBody(c), { '@type': 'text_comment', text: 'hello world' });
    const enc = body(0x2167da4b, (b) => b.storeBuffer(Buffer.from([1, 2, 0xff])));
    assert.deepEqual(decodeBody(enc), { '@type': 'encrypted_comment', data: '0102ff' });
  });

  void it('answers unknown opcodes, short bodies and misfits with an error', () => {
    assert.deepEqual(decodeBody(body(0x12345678)), { error: 'unknown: opcode 0x12345678' });
    assert.deepEqual(decodeBody(beginCell().storeUint(1, 8).endCell()), {
      error: 'unknown: body shorter than 32 bits',
    });
    assert.deepEqual(decodeBody(body(0xa762230f, (b) => b.storeUint(1, 10))), {
      error:
        'unknown: 0xa762230f does not parse as multisig_approve: Index 42 > 42 is out of bounds',
    });
  });

  void it('prefers the constructor that reads the whole body when several share an opcode', () => {
    // swap#25938561 as a jetton-transfer payload: token_wallet min_out to_address has_ref ref_address
    const c = body(0x25938561, (b) =>
      b
        .storeAddress(addr(2))
        .storeCoins(5n)
        .storeAddress(addr(3))
        .storeBit(true)
        .storeAddress(addr(4)),
    );
    assert.deepEqual(decodeBody(c), {
      '@type': 'stonfi_swap_payload',
      token_wallet: raw(2),
      min_out: '5',
      to_address: raw(3),
      has_ref: true,
      ref_address: raw(4),
    });
  });

  void it('decodes a StateInit by name', () => {
    const code = beginCell().storeUint(1, 8).endCell();
    const si = beginCell().storeBit(false).storeBit(false).storeMaybeRef(code).storeMaybeRef(null);
    const c = si.storeBit(false).endCell();
    assert.deepEqual(decodeBodyAs(c, 'state_init'), {
      '@type': 'state_init',
      split_depth: null,
      special: null,
      code: code.toBoc({ idx: false, crc32: true }).toString('base64'),
      data: null,
      library: null,
    });
    assert.deepEqual(decodeBodyAs(c, 'no_such_type'), {
      error: 'unknown: no constructor no_such_type',
    });
  });

  void it('bounds the work on deeply nested payloads and structures', () => {
    // A chain of ^Cell refs 600 deep inside a SnakeData text: stops at the cell budget.
    let tail = beginCell().storeBuffer(Buffer.from('x')).endCell();
    for (let i = 0; i < 600; i++) {
      tail = beginCell().storeBuffer(Buffer.from('x')).storeRef(tail).endCell();
    }
    const long = decodeBody(body(0, (b) => b.storeRef(tail)));
    assert.deepEqual(long, {
      error: 'unknown: 0x00000000 does not parse as text_comment: more than 512 cells',
    });
    // A self-similar schema nested past the depth limit fails instead of recursing forever.
    const nested = (depth: number): ReturnType<typeof ref> =>
      depth === 0 ? ref({ v: uint(8) }) : ref({ inner: nested(depth - 1) });
    const registry = new TlbRegistry([tlb('deep', 1, { x: nested(9) })]);
    let c = beginCell().storeUint(1, 8).endCell();
    for (let i = 0; i < 10; i++) {
      c = beginCell().storeRef(c).endCell();
    }
    const deep = beginCell().storeUint(1, 32).storeRef(c.refs[0]!).endCell();
    assert.deepEqual(decodeBodyWith(registry, deep), {
      error: 'unknown: 0x00000001 does not parse as deep: structures nested deeper than 8',
    });
    assert.deepEqual(decodeBodyAsWith(registry, deep, 'deep'), {
      error: 'unknown: deep: structures nested deeper than 8',
    });
  });
});
