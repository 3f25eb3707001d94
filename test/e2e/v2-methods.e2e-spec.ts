import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type Address,
  beginCell,
  type Cell,
  Dictionary,
  external,
  internal,
  loadMessage,
  SendMode,
  storeMessage,
  storeMessageRelaxed,
  toNano,
  type TupleItem,
} from '@ton/core';
import { methodIdOf } from '@app/ton';
import { TonClient, WalletContractV3R2, WalletContractV4 } from '@ton/ton';
import TonWeb from 'tonweb';
import { GENESIS, GenesisAccount, type SeedAccount } from '../../apps/localnet/src/seeds';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { blockIdJson, EXTRA, withoutExtra } from './support/v2-expectations';

const SEQNO_METHOD_ID = 85143;

function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

function boc(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

function hex(n: bigint): string {
  return n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`;
}

/** tvm_valuetypes' cell object, built here from @ton/core's own bit string (the test's oracle). */
function cellObject(cell: Cell): Record<string, unknown> {
  const len = cell.bits.length;
  const pad = (8 - (len % 8)) % 8;
  const padded = beginCell().storeBits(cell.bits).storeUint(0, pad).endCell();
  return {
    data: { b64: padded.bits.subbuffer(0, len + pad)?.toString('base64'), len },
    refs: cell.refs.map(cellObject),
    special: cell.isExotic,
  };
}

function legacyCell(cell: Cell): unknown[] {
  return ['cell', { bytes: boc(cell), object: cellObject(cell) }];
}

function cellOf(item: TupleItem | undefined): Cell {
  assert.ok(item && (item.type === 'cell' || item.type === 'slice'), 'a cell or slice');
  return item.cell;
}

/**
 * The v2 get-method, config, library, send and utility endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml)
 * against the genesis localnet. Expected values come from the chain (its emulator, its config, its
 * get-method runner) and the genesis seed's constants.
 */
describe('v2 methods endpoints', () => {
  let harness: V2Harness;

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
  });

  function account(name: string): SeedAccount {
    const found = harness.localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  }

  /** smc.runResult's envelope fields as the chain has them at the head (manual sealing). */
  async function runResultAt(address: Address): Promise<Record<string, unknown>> {
    const contract = await harness.localnet.chain.blockchain.getContract(address);
    return {
      block_id: blockIdJson(harness.localnet.chain.head().id),
      last_transaction_id: {
        '@type': 'internal.transactionId',
        lt: contract.lastTransactionLt.toString(),
        hash: Buffer.from(
          contract.lastTransactionHash.toString(16).padStart(64, '0'),
          'hex',
        ).toString('base64'),
      },
    };
  }

  async function chainRun(address: Address, method: string, stack: TupleItem[] = []) {
    const head = harness.localnet.chain.head().id.seqno;
    return harness.localnet.chain.runGetMethod(head, address, methodIdOf(method), stack);
  }

  describe('runGetMethod', () => {
    it('returns the genesis wallets’ seqno over POST and JSON-RPC (name or numeric id)', async () => {
      for (const [name, seqno] of [
        [GenesisAccount.walletV3r2, GENESIS.finalSeqno.v3r2],
        [GenesisAccount.walletV4r2, GENESIS.finalSeqno.v4r2],
        [GenesisAccount.walletV5r1, GENESIS.finalSeqno.v5r1],
      ] as const) {
        const address = account(name).address;
        const chain = await chainRun(address, 'seqno');
        assert.ok(chain.gasUsed > 0n);
        const expected = {
          '@type': 'smc.runResult',
          gas_used: Number(chain.gasUsed),
          stack: [['num', hex(BigInt(seqno))]],
          exit_code: 0,
          ...(await runResultAt(address)),
        };
        const rest = await harness.post('runGetMethod', {
          address: friendly(address),
          method: 'seqno',
          stack: [],
        });
        assert.equal(rest.status, 200);
        assert.match(String(rest.body['@extra']), EXTRA);
        assert.deepEqual(withoutExtra(rest.body), { ok: true, result: expected });
        const rpc = await harness.jsonRpc(
          'runGetMethod',
          { address: address.toRawString(), method: SEQNO_METHOD_ID, stack: [] },
          7,
        );
        assert.equal(rpc.status, 200);
        assert.deepEqual(rpc.body.result, expected);
        assert.equal(rpc.body.jsonrpc, '2.0');
        assert.equal(rpc.body.id, 7);
      }
    });

    it('renders get_jetton_data as toncenter does (numbers hex, slices and cells as cells)', async () => {
      const minter = account(GenesisAccount.jettonMinter).address;
      const admin = account(GenesisAccount.walletV3r2).address;
      const chain = await chainRun(minter, 'get_jetton_data');
      assert.equal(chain.exitCode, 0);
      const [, , adminItem, content, code] = chain.stack;
      const adminCell = beginCell().storeAddress(admin).endCell();
      assert.equal(cellOf(adminItem).hash().toString('hex'), adminCell.hash().toString('hex'));
      const rest = await harness.post('runGetMethod', {
        address: friendly(minter),
        method: 'get_jetton_data',
        stack: [],
      });
      assert.equal(rest.status, 200);
      assert.deepEqual(rest.body.result, {
        '@type': 'smc.runResult',
        gas_used: Number(chain.gasUsed),
        stack: [
          ['num', hex(GENESIS.jetton.finalTotalSupply)],
          ['num', '-0x1'],
          legacyCell(adminCell),
          legacyCell(cellOf(content)),
          legacyCell(cellOf(code)),
        ],
        exit_code: 0,
        ...(await runResultAt(minter)),
      });
    });

    it('renders get_wallet_data of the genesis Jetton wallets', async () => {
      const minter = account(GenesisAccount.jettonMinter).address;
      for (const [name, owner, balance] of [
        [
          GenesisAccount.jettonWalletV3r2,
          GenesisAccount.walletV3r2,
          GENESIS.jetton.finalBalanceV3r2,
        ],
        [
          GenesisAccount.jettonWalletV4r2,
          GenesisAccount.walletV4r2,
          GENESIS.jetton.finalBalanceV4r2,
        ],
      ] as const) {
        const wallet = account(name).address;
        const chain = await chainRun(wallet, 'get_wallet_data');
        const reply = await harness.jsonRpc('runGetMethod', {
          address: friendly(wallet),
          method: 'get_wallet_data',
          stack: [],
        });
        assert.equal(reply.status, 200);
        assert.deepEqual(reply.body.result, {
          '@type': 'smc.runResult',
          gas_used: Number(chain.gasUsed),
          stack: [
            ['num', hex(balance)],
            legacyCell(beginCell().storeAddress(account(owner).address).endCell()),
            legacyCell(beginCell().storeAddress(minter).endCell()),
            legacyCell(cellOf(chain.stack[3])),
          ],
          exit_code: 0,
          ...(await runResultAt(wallet)),
        });
      }
    });

    it('passes arguments: get_wallet_address with a tvm.Slice (and the cell object form)', async () => {
      const minter = account(GenesisAccount.jettonMinter).address;
      const owner = beginCell().storeAddress(account(GenesisAccount.walletV4r2).address).endCell();
      const expectedWallet = beginCell()
        .storeAddress(account(GenesisAccount.jettonWalletV4r2).address)
        .endCell();
      const chain = await chainRun(minter, 'get_wallet_address', [{ type: 'slice', cell: owner }]);
      for (const argument of [
        ['tvm.Slice', boc(owner)],
        ['slice', { bytes: owner.toBoc().toString('base64') }],
      ]) {
        const reply = await harness.post('runGetMethod', {
          address: friendly(minter),
          method: 'get_wallet_address',
          stack: [argument],
        });
        assert.equal(reply.status, 200);
        assert.deepEqual(reply.body.result, {
          '@type': 'smc.runResult',
          gas_used: Number(chain.gasUsed),
          stack: [legacyCell(expectedWallet)],
          exit_code: 0,
          ...(await runResultAt(minter)),
        });
      }
    });

    it('reports a failing get-method as ok:true with its exit code', async () => {
      const wallet = account(GenesisAccount.walletV4r2).address;
      const chain = await chainRun(wallet, 'no_such_method');
      assert.notEqual(chain.exitCode, 0);
      const reply = await harness.post('runGetMethod', {
        address: friendly(wallet),
        method: 'no_such_method',
        stack: [],
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.ok, true);
      assert.deepEqual(reply.body.result, {
        '@type': 'smc.runResult',
        gas_used: Number(chain.gasUsed),
        stack: [],
        exit_code: chain.exitCode,
        ...(await runResultAt(wallet)),
      });
    });

    it('rejects bad input with toncenter 2.1 codes and wording', async () => {
      const address = friendly(account(GenesisAccount.walletV4r2).address);
      const cases: [unknown, number, string][] = [
        [{ method: 'seqno', stack: [] }, 422, 'failed to validate request: empty address'],
        [
          { address: 'nope', method: 'seqno' },
          422,
          "failed to parse post request: Failed to parse ton_addr: 'nope'",
        ],
        [{ address, stack: [] }, 422, 'failed to validate request: empty method'],
        [
          { address, method: 'seqno', stack: [['num']] },
          422,
          'Expected 2 elements in stack entry, got: 1',
        ],
        [
          { address, method: 'seqno', stack: [[1, 2]] },
          422,
          'Expected string as first element in stack entry',
        ],
        [{ address, method: 'seqno', stack: [['num', 'x1']] }, 422, 'Invalid number: x1'],
        [
          { address, method: 'seqno', stack: [['num', {}]] },
          422,
          'Wrong type of number in stack entry',
        ],
        [{ address, method: 'seqno', stack: [['tvm.Cell', '']] }, 422, 'Empty tvm.Cell'],
        [
          { address, method: 'seqno', stack: [['tvm.Slice', '!!']] },
          422,
          'Invalid tvm.Slice, base64 string expected',
        ],
        [
          { address, method: 'seqno', stack: [['cell', 'x']] },
          422,
          'Invalid cell, object with field bytes expected',
        ],
        [
          { address, method: 'seqno', stack: [['tuple', []]] },
          422,
          'Invalid tvm.Tuple, valid tvm_stackEntryTuple expected',
        ],
        [
          { address, method: 'seqno', stack: [['tvm.Dict', 'x']] },
          542,
          'Unsupported stack entry type: tvm.Dict',
        ],
        [
          { address, method: 'seqno', stack: 'x' },
          422,
          'failed to parse post request: failed to parse stack',
        ],
        [
          { address, method: 'seqno', stack: [], seqno: 0 },
          422,
          'failed to validate request: seqno should be positive',
        ],
      ];
      for (const [body, status, error] of cases) {
        const reply = await harness.post('runGetMethod', body);
        assert.deepEqual(
          withoutExtra(reply.body),
          { ok: false, error, code: status },
          JSON.stringify(body),
        );
        assert.equal(reply.status, status);
      }
      const get = await harness.get('runGetMethod', { address, method: 'seqno' });
      assert.equal(get.status, 405);
    });

    it('runGetMethodStd returns typed entries without block_id', async () => {
      const wallet = account(GenesisAccount.jettonWalletV3r2).address;
      const chain = await chainRun(wallet, 'get_wallet_data');
      const reply = await harness.post('runGetMethodStd', {
        address: friendly(wallet),
        method: 'get_wallet_data',
        stack: [],
      });
      assert.equal(reply.status, 200);
      const slice = (a: Address) => ({
        '@type': 'tvm.stackEntrySlice',
        slice: { '@type': 'tvm.slice', bytes: boc(beginCell().storeAddress(a).endCell()) },
      });
      assert.deepEqual(reply.body.result, {
        '@type': 'smc.runResult',
        gas_used: Number(chain.gasUsed),
        stack: [
          {
            '@type': 'tvm.stackEntryNumber',
            number: {
              '@type': 'tvm.numberDecimal',
              number: GENESIS.jetton.finalBalanceV3r2.toString(),
            },
          },
          slice(account(GenesisAccount.walletV3r2).address),
          slice(account(GenesisAccount.jettonMinter).address),
          {
            '@type': 'tvm.stackEntryCell',
            cell: { '@type': 'tvm.cell', bytes: boc(cellOf(chain.stack[3])) },
          },
        ],
        exit_code: 0,
      });
    });
  });

  describe('config and libraries', () => {
    it('getConfigParam returns the chain’s parameter over GET, POST and JSON-RPC', async () => {
      const head = harness.localnet.chain.head().id.seqno;
      const config = harness.localnet.chain.config(head);
      const dict = config
        .beginParse()
        .loadDictDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
      for (const id of [0, 1, 15, 34]) {
        const param = dict.get(id);
        assert.ok(param, `config param ${id}`);
        const expected = {
          '@type': 'configInfo',
          config: { '@type': 'tvm.cell', bytes: boc(param) },
        };
        const get = await harness.get('getConfigParam', { config_id: id });
        assert.equal(get.status, 200);
        assert.deepEqual(get.body.result, expected);
        const post = await harness.post('getConfigParam', { param: id, seqno: head });
        assert.deepEqual(post.body.result, expected);
        const rpc = await harness.jsonRpc('getConfigParam', { config_id: String(id) });
        assert.deepEqual(rpc.body.result, expected);
      }
    });

    it('getConfigAll returns the whole config dictionary', async () => {
      const head = harness.localnet.chain.head().id.seqno;
      const reply = await harness.get('getConfigAll', { seqno: head });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body.result, {
        '@type': 'configInfo',
        config: { '@type': 'tvm.cell', bytes: boc(harness.localnet.chain.config(head)) },
      });
    });

    it('getConfigParam rejects bad input', async () => {
      const cases: [Record<string, string | number>, string][] = [
        // 2.1 asks for exactly one; given both, its GET parser keeps config_id (v2-parity tests).
        [{}, 'failed to validate request: only one of config_id or param should be specified'],
        [{ param: -1 }, 'failed to validate request: param should be non-negative'],
        [{ config_id: -1 }, 'failed to validate request: config_id should be non-negative'],
        [{ config_id: 'x' }, 'failed to parse get request: failed to parse config_id'],
      ];
      for (const [params, error] of cases) {
        const reply = await harness.get('getConfigParam', params);
        assert.equal(reply.status, 422);
        assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
      }
    });

    it('getLibraries omits hashes the chain has no library for (the genesis chain has none)', async () => {
      const unknown = Buffer.alloc(32, 7);
      const found = harness.localnet.chain.libraries([unknown]);
      assert.deepEqual(found, []);
      const get = await harness.get('getLibraries', {
        libraries: [unknown.toString('hex'), unknown.toString('base64url')],
      });
      assert.equal(get.status, 200);
      assert.deepEqual(get.body.result, { '@type': 'smc.libraryResult', result: [] });
      const post = await harness.post('getLibraries', { libraries: [unknown.toString('base64')] });
      assert.deepEqual(post.body.result, { '@type': 'smc.libraryResult', result: [] });
      const bad = await harness.get('getLibraries', { libraries: 'zz' });
      assert.deepEqual(withoutExtra(bad.body), {
        ok: false,
        error: 'failed to parse get request: failed to parse libraries',
        code: 422,
      });
    });
  });

  describe('address and hash utilities', () => {
    it('detectAddress, packAddress, unpackAddress and detectHash over GET, POST and JSON-RPC', async () => {
      const input = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
      const detected = {
        '@type': 'ext.utils.detectedAddress',
        raw_form: '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
        bounceable: {
          '@type': 'ext.utils.detectedAddressVariant',
          b64: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
          b64url: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
        },
        non_bounceable: {
          '@type': 'ext.utils.detectedAddressVariant',
          b64: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
          b64url: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
        },
        given_type: 'friendly_bounceable',
        test_only: false,
      };
      assert.deepEqual(
        (await harness.get('detectAddress', { address: input })).body.result,
        detected,
      );
      assert.deepEqual(
        (await harness.post('detectAddress', { address: input })).body.result,
        detected,
      );
      assert.deepEqual(
        (await harness.jsonRpc('detectAddress', { address: input })).body.result,
        detected,
      );
      const raw = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';
      assert.equal((await harness.get('unpackAddress', { address: input })).body.result, raw);
      assert.equal((await harness.jsonRpc('packAddress', { address: raw })).body.result, input);
      const hash = await harness.post('detectHash', { hash: 'fb'.repeat(32) });
      assert.deepEqual(hash.body.result, {
        '@type': 'ext.utils.detectedHash',
        b64: '+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/s=',
        b64url: '-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s',
        hex: 'fb'.repeat(32),
      });
      const bad = await harness.get('detectAddress', { address: 'nope' });
      assert.deepEqual(withoutExtra(bad.body), {
        ok: false,
        error: "failed to parse get request: Failed to parse ton_addr: 'nope'",
        code: 422,
      });
      const badHash = await harness.get('detectHash', { hash: 'abc' });
      assert.deepEqual(withoutExtra(badHash.body), {
        ok: false,
        error: "invalid hash: 'abc'",
        code: 422,
      });
    });
  });

  describe('sendBoc', () => {
    function v4Wallet() {
      const seed = account(GenesisAccount.walletV4r2);
      assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
      return {
        contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
        secretKey: seed.secretKey,
      };
    }

    // createTransfer's default valid-until is now + 60 s, so two calls in the same second sign the
    // same message; `validUntil` makes a replay a different message (not a resend the dedupe absorbs).
    function transfer(seqno: number, validUntil?: number): Cell {
      const { contract, secretKey } = v4Wallet();
      const body = contract.createTransfer({
        seqno,
        secretKey,
        ...(validUntil === undefined ? {} : { timeout: validUntil }),
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: account(GenesisAccount.walletV3r2).address,
            value: toNano('0.01'),
            bounce: false,
          }),
        ],
      });
      return beginCell()
        .store(storeMessage(external({ to: contract.address, body })))
        .endCell();
    }

    async function seqnoOf(address: Address): Promise<unknown> {
      const reply = await harness.post('runGetMethod', {
        address: friendly(address),
        method: 'seqno',
        stack: [],
      });
      return (reply.body.result as { stack: unknown[] }).stack;
    }

    it('sends a signed transfer that lands, then sendBocReturnHash gives its hashes', async () => {
      const { contract } = v4Wallet();
      const before = harness.localnet.chain.head();
      const first = transfer(GENESIS.finalSeqno.v4r2);
      const sent = await harness.post('sendBoc', { boc: first.toBoc().toString('base64') });
      assert.deepEqual(withoutExtra(sent.body), { ok: true, result: { '@type': 'ok' } });
      await harness.localnet.producer.sealNow();
      assert.deepEqual(await seqnoOf(contract.address), [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2 + 1))],
      ]);

      // `seqno` reads the state as of an earlier masterchain block.
      const past = await harness.post('runGetMethod', {
        address: friendly(contract.address),
        method: 'seqno',
        stack: [],
        seqno: before.id.seqno,
      });
      const pastResult = past.body.result;
      assert.ok(typeof pastResult === 'object' && pastResult !== null);
      assert.deepEqual(Object.fromEntries(Object.entries(pastResult)).stack, [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2))],
      ]);
      assert.deepEqual(
        Object.fromEntries(Object.entries(pastResult)).block_id,
        blockIdJson(before.id),
      );

      const second = transfer(GENESIS.finalSeqno.v4r2 + 1);
      const hashed = await harness.jsonRpc('sendBocReturnHash', {
        boc: second.toBoc().toString('base64'),
      });
      assert.equal(hashed.status, 200);
      assert.deepEqual(hashed.body.result, {
        '@type': 'raw.extMessageInfo',
        hash: second.hash().toString('base64'),
        // A wallet's external carries no src, fee or init; only its inline body moves into a ref.
        hash_norm: beginCell()
          .storeUint(0b10, 2)
          .storeUint(0, 2)
          .storeAddress(contract.address)
          .storeCoins(0n)
          .storeBit(false)
          .storeBit(true)
          .storeRef(loadMessageBody(second))
          .endCell()
          .hash()
          .toString('base64'),
      });
      await harness.localnet.producer.sealNow();
      assert.deepEqual(await seqnoOf(contract.address), [
        ['num', hex(BigInt(GENESIS.finalSeqno.v4r2 + 2))],
      ]);
    });

    it('rejects bad BoCs with 422 and a refused message with the liteserver’s 500', async () => {
      const internalMessage = beginCell()
        .store(
          storeMessageRelaxed(
            internal({ to: account(GenesisAccount.walletV3r2).address, value: 1n }),
          ),
        )
        .endCell();
      const cases: [unknown, string][] = [
        [{}, 'failed to validate request: empty boc'],
        [{ boc: '!!!' }, 'failed to parse post request: invalid boc: base64 expected'],
        [
          { boc: internalMessage.toBoc().toString('base64') },
          'failed to parse post request: invalid boc: not an external inbound message',
        ],
      ];
      for (const [body, error] of cases) {
        const reply = await harness.post('sendBoc', body);
        assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
      }
      // A replayed seqno in a message never sent before: the wallet refuses it.
      const replay = transfer(GENESIS.finalSeqno.v4r2, Math.floor(Date.now() / 1000) + 3600);
      const refused = await harness.post('sendBoc', { boc: replay.toBoc().toString('base64') });
      assert.equal(refused.status, 500);
      assert.match(
        String(refused.body.error),
        /^LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted \(exit code \d+\): /,
      );
      assert.equal((await harness.get('sendBoc', { boc: 'x' })).status, 405);
    });
  });

  describe('unmodified clients', () => {
    it('@ton/ton TonClient runs methods, reads a wallet seqno and sends a transfer', async () => {
      const client = new TonClient({ endpoint: `${harness.baseUrl}/api/v2/jsonRPC` });
      const jettonWallet = account(GenesisAccount.jettonWalletV3r2).address;
      const data = await client.runMethod(jettonWallet, 'get_wallet_data');
      assert.equal(data.stack.readBigNumber(), GENESIS.jetton.finalBalanceV3r2);
      assert.equal(
        data.stack.readAddress().toRawString(),
        account(GenesisAccount.walletV3r2).address.toRawString(),
      );
      assert.equal(
        data.stack.readAddress().toRawString(),
        account(GenesisAccount.jettonMinter).address.toRawString(),
      );
      const minter = account(GenesisAccount.jettonMinter).address;
      const walletAddress = await client.runMethod(minter, 'get_wallet_address', [
        {
          type: 'slice',
          cell: beginCell().storeAddress(account(GenesisAccount.walletV3r2).address).endCell(),
        },
      ]);
      assert.equal(walletAddress.stack.readAddress().toRawString(), jettonWallet.toRawString());

      const seed = account(GenesisAccount.walletV3r2);
      assert.ok(seed.publicKey && seed.secretKey);
      const wallet = client.open(
        WalletContractV3R2.create({ workchain: 0, publicKey: seed.publicKey }),
      );
      const seqno = await wallet.getSeqno();
      assert.equal(seqno, GENESIS.finalSeqno.v3r2);
      await wallet.sendTransfer({
        seqno,
        secretKey: seed.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: account(GenesisAccount.walletV5r1).address,
            value: toNano('0.02'),
            bounce: false,
          }),
        ],
      });
      await harness.localnet.producer.sealNow();
      assert.equal(await wallet.getSeqno(), GENESIS.finalSeqno.v3r2 + 1);
    });

    it('tonweb HttpProvider call2, getConfigParam and sendBoc', async () => {
      const provider = new TonWeb.HttpProvider(`${harness.baseUrl}/api/v2/jsonRPC`);
      const v5 = friendly(account(GenesisAccount.walletV5r1).address);
      const seqno: unknown = await provider.call2(v5, 'seqno', []);
      assert.equal(String(seqno), String(GENESIS.finalSeqno.v5r1));
      const head = harness.localnet.chain.head().id.seqno;
      const dict = harness.localnet.chain
        .config(head)
        .beginParse()
        .loadDictDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
      const param = dict.get(34);
      assert.ok(param);
      // tonweb ships no typing for getConfigParam; the method is read off the provider as it runs.
      const getConfigParam: unknown = Reflect.get(provider, 'getConfigParam');
      assert.ok(typeof getConfigParam === 'function');
      const cell: unknown = await getConfigParam.call(provider, 34);
      assert.ok(cell instanceof TonWeb.boc.Cell, 'a tonweb Cell');
      assert.equal(Buffer.from(await cell.hash()).toString('hex'), param.hash().toString('hex'));

      const seed = account(GenesisAccount.walletV4r2);
      assert.ok(seed.publicKey && seed.secretKey);
      const contract = WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey });
      const body = contract.createTransfer({
        seqno: GENESIS.finalSeqno.v4r2 + 2,
        secretKey: seed.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: account(GenesisAccount.walletV3r2).address,
            value: toNano('0.01'),
            bounce: false,
          }),
        ],
      });
      const message = beginCell()
        .store(storeMessage(external({ to: contract.address, body })))
        .endCell();
      const sent: unknown = await provider.sendBoc(message.toBoc().toString('base64'));
      assert.deepEqual(sent, { '@type': 'ok' });
      await harness.localnet.producer.sealNow();
      const after: unknown = await provider.call2(friendly(contract.address), 'seqno', []);
      assert.equal(String(after), String(GENESIS.finalSeqno.v4r2 + 3));
    });
  });
});

function loadMessageBody(message: Cell): Cell {
  return loadMessage(message.beginParse()).body;
}
