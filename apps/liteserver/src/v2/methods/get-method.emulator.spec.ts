import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFixture } from '@app/testing';
import { methodIdOf } from '@app/ton';
import { ErrorCode, TonApiError } from '@app/contracts';
import { beginCell, Cell, loadAccount, type TupleItem } from '@ton/core';
import { GetMethodEmulator, type LibraryFetcher } from './get-method.emulator';

// A mainnet wallet v4r2 (fixtures: accountStateTest.txt) and a mainnet config dict.
function mainnetWallet() {
  const slice = Cell.fromBase64(
    readFixture('mainnet', 'accounts', 'accountStateTest.txt').toString('utf8').trim(),
  ).beginParse();
  slice.skip(1); // the leading account$1 bit
  const account = loadAccount(slice);
  const state = account.storage.state;
  assert.ok(state.type === 'active' && state.state.code && state.state.data);
  return {
    address: account.addr,
    balance: account.storage.balance.coins,
    code: state.state.code,
    data: state.state.data,
  };
}

const CONFIG = Cell.fromBoc(readFixture('mainnet', 'config', 'blockchain_config_mainnet.boc'))[0];
const noLibraries: LibraryFetcher = () => Promise.reject(new Error('no library expected'));

describe('GetMethodEmulator', () => {
  const emulator = new GetMethodEmulator();
  const wallet = mainnetWallet();
  // wallet v4r2 data: seqno:uint32 wallet_id:uint32 public_key:bits256 plugins:(HashmapE 256 …)
  const data = wallet.data.beginParse();
  const seqno = data.loadUint(32);
  data.skip(32);
  const publicKey = data.loadUintBig(256);
  assert.ok(CONFIG);
  const input = {
    address: wallet.address,
    balance: wallet.balance,
    code: wallet.code,
    data: wallet.data,
    stack: [],
    config: CONFIG,
    unixTime: 1_700_000_000,
  };

  it('runs seqno and get_public_key of a mainnet wallet v4r2 with the values its data holds', async () => {
    assert.equal(seqno, 11010);
    const s = await emulator.run({ ...input, methodId: methodIdOf('seqno') }, noLibraries);
    assert.equal(s.exitCode, 0);
    assert.deepEqual(s.stack, [{ type: 'int', value: 11010n }]);
    assert.ok(s.gasUsed > 0 && s.gasUsed < 10_000);
    const k = await emulator.run({ ...input, methodId: methodIdOf('get_public_key') }, noLibraries);
    assert.deepEqual(k.stack, [{ type: 'int', value: publicKey }]);
  });

  it('reports a missing method by its exit code with an empty stack', async () => {
    const r = await emulator.run({ ...input, methodId: methodIdOf('no_such_method') }, noLibraries);
    assert.equal(r.exitCode, 11);
    assert.deepEqual(r.stack, []);
  });

  it('fetches a library the code refers to, then runs', async () => {
    // library cell: exotic type 2 followed by the library's representation hash.
    const libraryCode = beginCell()
      .storeUint(2, 8)
      .storeBuffer(wallet.code.hash())
      .endCell({ exotic: true });
    const asked: string[] = [];
    const fetcher: LibraryFetcher = (hashes) => {
      asked.push(...hashes.map((h) => h.toString('hex')));
      return Promise.resolve([{ hash: wallet.code.hash(), data: wallet.code }]);
    };
    const r = await emulator.run(
      { ...input, code: libraryCode, methodId: methodIdOf('seqno') },
      fetcher,
    );
    assert.deepEqual(asked, [wallet.code.hash().toString('hex')]);
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.stack, [{ type: 'int', value: 11010n }]);
  });

  it('survives a stack that traps the WASM emulator: that call gets a 422 naming stack, the next one runs', async () => {
    // Past GET_METHOD_STACK_LIMITS (the runner refuses it before it gets here): 400 entries make a
    // VmStack 400 cells deep, which the emulator's recursive reader cannot take ("memory access out
    // of bounds"). The trapped instance would fail every later call if it were kept.
    const crashing = new GetMethodEmulator();
    const ones: TupleItem[] = Array.from({ length: 400 }, () => ({ type: 'int', value: 1n }));
    const before = await crashing.run({ ...input, methodId: methodIdOf('seqno') }, noLibraries);
    assert.deepEqual(before.stack, [{ type: 'int', value: 11010n }]);
    await assert.rejects(
      crashing.run({ ...input, stack: ones, methodId: methodIdOf('seqno') }, noLibraries),
      (error: unknown) =>
        error instanceof TonApiError &&
        error.code === ErrorCode.INVALID_ARGUMENT &&
        error.details?.param === 'stack' &&
        error.message.startsWith('stack cannot be run by the TVM emulator'),
    );
    // The trapped instance and the fresh one that trapped again on the same stack are gone.
    assert.equal(crashing.discardedInstances, 2);
    const after = await crashing.run({ ...input, methodId: methodIdOf('seqno') }, noLibraries);
    assert.equal(after.exitCode, 0);
    assert.deepEqual(after.stack, [{ type: 'int', value: 11010n }]);
    assert.equal(crashing.discardedInstances, 2);
  });
});
