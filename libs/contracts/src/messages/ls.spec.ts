import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { isRpcSubject, rpcContracts } from '../registry';
import { Subjects } from '../subjects';
import { GetAddressInformationReq, GetMasterchainInfoReq, lsContracts } from './ls';

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';

void describe('GetAddressInformationReq', () => {
  void it('accepts a raw address with and without seqno', () => {
    assert.deepEqual(GetAddressInformationReq.parse({ address: RAW }), { address: RAW });
    assert.deepEqual(
      GetAddressInformationReq.parse({ address: `-1:${'33'.repeat(32)}`, seqno: 7 }),
      {
        address: `-1:${'33'.repeat(32)}`,
        seqno: 7,
      },
    );
  });
  void it('rejects friendly addresses, seqno 0, string seqno and extra fields', () => {
    const bad: unknown[] = [
      { address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N' },
      { address: RAW, seqno: 0 },
      { address: RAW, seqno: '7' },
      { address: RAW, archival: true },
      {},
    ];
    for (const value of bad) {
      assert.equal(GetAddressInformationReq.safeParse(value).success, false, JSON.stringify(value));
    }
  });
});

void describe('GetMasterchainInfoReq', () => {
  void it('accepts {} only', () => {
    assert.deepEqual(GetMasterchainInfoReq.parse({}), {});
    assert.equal(GetMasterchainInfoReq.safeParse({ seqno: 1 }).success, false);
  });
});

void describe('rpcContracts', () => {
  void it('registers the liteserver subjects with their schemas', () => {
    assert.deepEqual(Object.keys(lsContracts), [
      'ton.ls.v1.getMasterchainInfo',
      'ton.ls.v1.getAddressInformation',
      'ton.ls.v1.poolStatus',
    ]);
    assert.equal(rpcContracts[Subjects.ls.getAddressInformation].req, GetAddressInformationReq);
    assert.equal(isRpcSubject(Subjects.ls.getMasterchainInfo), true);
    assert.equal(isRpcSubject('ton.ls.v1.nope'), false);
    assert.equal(isRpcSubject('toString'), false);
  });
});
