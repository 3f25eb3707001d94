import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Address, beginCell } from '@ton/core';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { EXTRA, withoutExtra } from '../support/v2-expectations';
import { GENESIS_JETTON_WALLETS } from '../support/genesis-jetton-wallets';
import {
  boc,
  cellOf,
  friendly,
  hex,
  legacyCell,
  type MethodContext,
  SEQNO_METHOD_ID,
} from './method-context';

/** runGetMethod and runGetMethodStd against the chain's own get-method runner. */
export function runGetMethodCases({
  harness,
  account,
  runResultAt,
  chainRun,
}: MethodContext): void {
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
        const rest = await harness().post('runGetMethod', {
          address: friendly(address),
          method: 'seqno',
          stack: [],
        });
        assert.equal(rest.status, 200);
        assert.match(String(rest.body['@extra']), EXTRA);
        assert.deepEqual(withoutExtra(rest.body), { ok: true, result: expected });
        const rpc = await harness().jsonRpc(
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
      const rest = await harness().post('runGetMethod', {
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
      for (const [name, owner, balance] of GENESIS_JETTON_WALLETS) {
        const wallet = account(name).address;
        const chain = await chainRun(wallet, 'get_wallet_data');
        const reply = await harness().jsonRpc('runGetMethod', {
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
        const reply = await harness().post('runGetMethod', {
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
      const reply = await harness().post('runGetMethod', {
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
        const reply = await harness().post('runGetMethod', body);
        assert.deepEqual(
          withoutExtra(reply.body),
          { ok: false, error, code: status },
          JSON.stringify(body),
        );
        assert.equal(reply.status, status);
      }
      const get = await harness().get('runGetMethod', { address, method: 'seqno' });
      assert.equal(get.status, 405);
    });

    it('runGetMethodStd returns typed entries without block_id', async () => {
      const wallet = account(GenesisAccount.jettonWalletV3r2).address;
      const chain = await chainRun(wallet, 'get_wallet_data');
      const reply = await harness().post('runGetMethodStd', {
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
}
