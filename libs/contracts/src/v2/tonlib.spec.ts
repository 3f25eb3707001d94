import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { B64Hash, Bytes, Int64Str } from './primitives';
import { BlocksMasterchainInfo, RawFullAccountState, TonBlockIdExt } from './tonlib';

// toncenter v2 toncenter
// https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml: the mainnet
// zero-state hashes of `init`, used verbatim.
const ZERO_ROOT = 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=';
const ZERO_FILE = 'XplPz01CXAps5qeSWUtxcyBfdAo5zVb1N979KLSKD24=';
const TX_HASH = '2pGmG3mLPp3eV/dFd7Bt3J1VrOX8eB2Y2yjWmpNgS1I=';

const lastBlock = {
  '@type': 'ton.blockIdExt',
  workchain: -1,
  shard: '-9223372036854775808',
  seqno: 49125012,
  root_hash: ZERO_FILE,
  file_hash: ZERO_ROOT,
};

/** https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml getMasterchainInfo result without the 2.0 in-result `@extra` (2.1 moves it to the top). */
const masterchainInfo = {
  '@type': 'blocks.masterchainInfo',
  last: lastBlock,
  state_root_hash: TX_HASH,
  init: {
    '@type': 'ton.blockIdExt',
    workchain: -1,
    shard: '0',
    seqno: 0,
    root_hash: ZERO_ROOT,
    file_hash: ZERO_FILE,
  },
};

/** https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml getAddressInformation result with the documented 2.1 differences applied. */
const accountState = {
  '@type': 'raw.fullAccountState',
  balance: '2145030516',
  extra_currencies: [],
  code: 'te6cckEBAQEAAgAAAEysuc0=',
  data: 'te6cckEBAQEAKwAAUQAAAAcpqaMXAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQEXzsJ0=',
  last_transaction_id: { '@type': 'internal.transactionId', lt: '58117281000003', hash: TX_HASH },
  block_id: lastBlock,
  frozen_hash: '',
  sync_utime: 1753100000,
  state: 'active',
  suspended: false,
};

void describe('Int64Str', () => {
  void it('accepts the int64 extremes and canonical decimals', () => {
    for (const v of ['0', '-9223372036854775808', '9223372036854775807', '58117281000003']) {
      assert.equal(Int64Str.parse(v), v);
    }
  });
  void it('rejects numbers, non-canonical strings and out-of-range values', () => {
    for (const v of [
      5,
      '',
      '+1',
      '01',
      '-0x1',
      '1.5',
      '9223372036854775808',
      '-9223372036854775809',
    ]) {
      assert.equal(Int64Str.safeParse(v).success, false, String(v));
    }
  });
});

void describe('B64Hash and Bytes', () => {
  void it('accept standard padded base64 and reject url-safe or hex hashes', () => {
    assert.equal(B64Hash.safeParse(ZERO_ROOT).success, true);
    assert.equal(B64Hash.safeParse(ZERO_ROOT.replace('+', '-')).success, false);
    assert.equal(B64Hash.safeParse('a'.repeat(64)).success, false);
    assert.equal(B64Hash.safeParse(ZERO_ROOT.slice(0, -1)).success, false);
  });
  void it('Bytes accepts empty bytes and rejects unpadded base64', () => {
    assert.equal(Bytes.safeParse('').success, true);
    assert.equal(Bytes.safeParse('te6cckEBAQEAAgAAAEysuc0=').success, true);
    assert.equal(Bytes.safeParse('te6cckEBAQEAAgAAAEysuc0').success, false);
  });
});

void describe('TonBlockIdExt', () => {
  void it('accepts the toncenter example block id', () => {
    assert.deepEqual(TonBlockIdExt.parse(lastBlock), lastBlock);
  });
  void it('rejects a numeric shard (int64 must be a string) and unknown fields', () => {
    assert.equal(
      TonBlockIdExt.safeParse({ ...lastBlock, shard: -9223372036854775808 }).success,
      false,
    );
    assert.equal(TonBlockIdExt.safeParse({ ...lastBlock, '@extra': '1:0:0.5' }).success, false);
    assert.equal(
      TonBlockIdExt.safeParse({ ...lastBlock, '@type': 'tonNode.blockIdExt' }).success,
      false,
    );
  });
});

void describe('BlocksMasterchainInfo', () => {
  void it('accepts the toncenter example getMasterchainInfo result', () => {
    assert.deepEqual(BlocksMasterchainInfo.parse(masterchainInfo), masterchainInfo);
  });
  void it('rejects a missing state_root_hash and a seqno given as a string', () => {
    const { state_root_hash: _dropped, ...withoutRoot } = masterchainInfo;
    assert.equal(BlocksMasterchainInfo.safeParse(withoutRoot).success, false);
    const badLast = { ...masterchainInfo, last: { ...lastBlock, seqno: '49125012' } };
    const result = BlocksMasterchainInfo.safeParse(badLast);
    assert.ok(!result.success);
    assert.deepEqual(result.error.issues[0]?.path, ['last', 'seqno']);
  });
});

void describe('RawFullAccountState', () => {
  void it('accepts the toncenter example getAddressInformation result in its 2.1 shape', () => {
    assert.deepEqual(RawFullAccountState.parse(accountState), accountState);
  });
  void it('accepts an uninitialised account (empty code/data/frozen_hash, zero tx id)', () => {
    const empty = {
      ...accountState,
      balance: '0',
      code: '',
      data: '',
      last_transaction_id: {
        '@type': 'internal.transactionId',
        lt: '0',
        hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      },
      state: 'uninitialized',
    };
    assert.deepEqual(RawFullAccountState.parse(empty), empty);
  });
  void it('accepts extra currencies with string amounts', () => {
    const withEc = {
      ...accountState,
      extra_currencies: [{ '@type': 'extraCurrency', id: 239, amount: '1000000000' }],
    };
    assert.deepEqual(RawFullAccountState.parse(withEc), withEc);
  });
  void it('rejects the 2.0 shapes: number balance 0, in-result @extra, missing suspended', () => {
    assert.equal(RawFullAccountState.safeParse({ ...accountState, balance: 0 }).success, false);
    assert.equal(
      RawFullAccountState.safeParse({ ...accountState, '@extra': '1753100011.5:3:0.6' }).success,
      false,
    );
    const { suspended: _dropped, ...without } = accountState;
    assert.equal(RawFullAccountState.safeParse(without).success, false);
  });
  void it('rejects an unknown state and a url-safe frozen_hash', () => {
    assert.equal(
      RawFullAccountState.safeParse({ ...accountState, state: 'nonexist' }).success,
      false,
    );
    assert.equal(
      RawFullAccountState.safeParse({
        ...accountState,
        frozen_hash: 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN-Mh-wVWk=',
      }).success,
      false,
    );
  });
});
