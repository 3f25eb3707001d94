import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WALLET_CODES } from '@app/ton';
import { WALLET_CODE_HASHES, WALLET_TYPES, walletInterface } from './wallet-code-hashes';

const base64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');

void describe('wallet code hashes', () => {
  void it("names the interface of every standard wallet code as toncenter's address_book does", () => {
    assert.deepEqual(
      WALLET_CODES.map((w) => walletInterface(base64(w.hashHex))),
      [
        'wallet_v1r1',
        'wallet_v1r2',
        'wallet_v1r3',
        'wallet_v2r1',
        'wallet_v2r2',
        'wallet_v3r1',
        'wallet_v3r2',
        'wallet_v4r1',
        'wallet_v4r2',
        'wallet_v5_beta',
        'wallet_v5r1',
      ],
    );
  });

  void it('keys the codes by their base64 hash, as latest_account_states stores it; nothing else', () => {
    assert.equal(WALLET_CODE_HASHES.size, 11);
    assert.equal(WALLET_TYPES.get('/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA='), 'wallet v4 r2');
    assert.equal(walletInterface(Buffer.alloc(32).toString('base64')), undefined);
    assert.equal(walletInterface(null), undefined);
  });
});
