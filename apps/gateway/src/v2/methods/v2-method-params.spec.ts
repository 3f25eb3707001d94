import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TonApiError } from '@app/contracts';
import { Address } from '@ton/core';
import { type V2Backend, type V2Method } from '../v2-method';
import { type ParamSource, type RawParams } from '../v2-params';
import { getAddressInformation } from './get-address-information.method';
import { getBlockTransactions } from './transactions/get-block-transactions.method';
import { getTransactions, getTransactionsStd } from './transactions/get-transactions.method';
import { getConfigParam } from './methods/get-config-param.method';
import { lookupBlock } from './blocks/lookup-block.method';

// What each method's declared parameters read into the request the services receive: the backend
// here hands the request back instead of sending it.
const echo: V2Backend = {
  request: (_subject, payload) => Promise.resolve(payload as never),
};

function requestOf(method: V2Method, raw: RawParams, source: ParamSource = 'get'): unknown {
  return method.run(raw, source, echo);
}

async function refused(
  method: V2Method,
  raw: RawParams,
  message: string,
  source: ParamSource = 'get',
): Promise<void> {
  await assert.rejects(
    // run() throws synchronously on a bad parameter, as the executor expects.
    async () => {
      await requestOf(method, raw, source);
    },
    (error: unknown) => {
      assert.ok(error instanceof TonApiError);
      assert.equal(error.message, message);
      return true;
    },
  );
}

const ADDRESS = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const HASH_HEX = 'ab'.repeat(32);
const HASH_B64 = Buffer.from(HASH_HEX, 'hex').toString('base64');

describe('v2 methods read their declared parameters', () => {
  it('account reads: address in the raw form services take, seqno when given', async () => {
    assert.deepEqual(await requestOf(getAddressInformation, { address: ADDRESS.toString() }), {
      address: RAW,
    });
    assert.deepEqual(await requestOf(getAddressInformation, { address: RAW, seqno: '5' }), {
      address: RAW,
      seqno: 5,
    });
    await refused(
      getAddressInformation,
      { address: RAW, seqno: '0' },
      'failed to validate request: seqno should be positive',
    );
  });

  it('getTransactions: lt and hash together, lt=0 counts as absent, hash as hex or base64url', async () => {
    const base = { address: RAW };
    assert.deepEqual(await requestOf(getTransactions, { ...base, lt: '10', hash: HASH_HEX }), {
      address: RAW,
      limit: 10,
      lt: '10',
      hash: HASH_B64,
    });
    assert.deepEqual(
      await requestOf(
        getTransactions,
        { ...base, lt: 10, hash: Buffer.from(HASH_HEX, 'hex').toString('base64url') },
        'post',
      ),
      { address: RAW, limit: 10, lt: '10', hash: HASH_B64 },
    );
    assert.deepEqual(await requestOf(getTransactions, { ...base, lt: '0' }), {
      address: RAW,
      limit: 10,
    });
    const together = 'failed to validate request: lt and hash should be used together';
    await refused(getTransactions, { ...base, lt: '0', hash: HASH_HEX }, together);
    await refused(getTransactions, { ...base, lt: '5' }, together);
    await refused(
      getTransactions,
      { ...base, lt: '-5', hash: HASH_HEX },
      'failed to validate request: lt should be non-negative',
    );
  });

  it('getTransactionsStd: lt=0 is a given lt, so it needs a hash', async () => {
    const base = { address: RAW };
    await refused(
      getTransactionsStd,
      { ...base, lt: '0' },
      'failed to validate request: lt and hash should be used together',
    );
    assert.deepEqual(
      await requestOf(getTransactionsStd, { ...base, lt: 0, hash: HASH_HEX }, 'post'),
      { address: RAW, limit: 10, lt: '0', hash: HASH_B64 },
    );
  });

  it('reads lt past 2^53 exactly and refuses it past int64', async () => {
    const base = { address: RAW, hash: HASH_HEX };
    assert.deepEqual(await requestOf(getTransactions, { ...base, lt: '9223372036854775807' }), {
      address: RAW,
      limit: 10,
      lt: '9223372036854775807',
      hash: HASH_B64,
    });
    await refused(
      getTransactions,
      { ...base, lt: '9223372036854775808' },
      'failed to parse get request: failed to parse lt',
    );
  });

  it('getBlockTransactions: after_hash as a hash or any address form (its account id)', async () => {
    const block = { workchain: '0', shard: '-9223372036854775808', seqno: '3' };
    const request = { workchain: 0, shard: '-9223372036854775808', seqno: 3, count: 40 };
    assert.deepEqual(
      await requestOf(getBlockTransactions, { ...block, after_lt: '7', after_hash: RAW }),
      { ...request, after_lt: '7', after_hash: ADDRESS.hash.toString('base64') },
    );
    assert.deepEqual(
      await requestOf(
        getBlockTransactions,
        { ...block, after_lt: 7, after_hash: HASH_HEX },
        'post',
      ),
      { ...request, after_lt: '7', after_hash: HASH_B64 },
    );
    await refused(
      getBlockTransactions,
      { ...block, after_hash: HASH_HEX },
      'failed to validate request: after_lt and after_hash should be used together',
    );
  });

  it('getConfigParam: config_id or param (config_id when both), non-negative, 2.1 wording', async () => {
    assert.deepEqual(await requestOf(getConfigParam, { config_id: '34' }), { configId: 34 });
    assert.deepEqual(await requestOf(getConfigParam, { param: 0, seqno: 9 }, 'post'), {
      configId: 0,
      seqno: 9,
    });
    assert.deepEqual(await requestOf(getConfigParam, { param: 12, config_id: 34 }, 'post'), {
      configId: 34,
    });
    await refused(
      getConfigParam,
      { config_id: -1 },
      'failed to validate request: config_id should be non-negative',
    );
    await refused(
      getConfigParam,
      {},
      'failed to validate request: only one of config_id or param should be specified',
    );
    await refused(
      getConfigParam,
      { param: '2147483648' },
      'failed to parse get request: failed to parse param',
    );
  });

  it('lookupBlock: exactly one of seqno, lt, unixtime', async () => {
    const shard = { workchain: '-1', shard: '-9223372036854775808' };
    assert.deepEqual(await requestOf(lookupBlock, { ...shard, lt: '100' }), {
      workchain: -1,
      shard: '-9223372036854775808',
      lt: '100',
    });
    const one =
      'failed to validate request: exactly one of seqno, lt, unixtime should be specified';
    await refused(lookupBlock, shard, one);
    await refused(lookupBlock, { ...shard, seqno: '1', unixtime: '5' }, one);
  });
});
