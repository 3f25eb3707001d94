import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isTonApiError,
  type RawFullAccountState,
  type V3AccountStateFull,
  type V3WalletState,
  type WalletInformation,
} from '@app/contracts';
import {
  addressInformationFromState,
  addressInformationFromV2,
  walletInformationFromState,
  walletInformationFromV2,
  ZERO_HASH,
} from './account-information.mapper';

const HASH = 'Qk5hbKpVt0FZl1zmjOzVN6rv1XuwyOnB8I+LL+oIqOw=';
const ADDRESS = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';

const notAWallet = (e: unknown) =>
  isTonApiError(e) && e.code === 'NOT_A_WALLET' && e.message === 'not a wallet';

const walletState = (over: Partial<V3WalletState>): V3WalletState => ({
  address: ADDRESS,
  is_wallet: true,
  balance: '1000',
  extra_currencies: {},
  status: 'active',
  code_hash: HASH,
  last_transaction_hash: HASH,
  last_transaction_lt: '42',
  ...over,
});

const v2Wallet = (over: Partial<WalletInformation>): WalletInformation => ({
  '@type': 'ext.accounts.walletInformation',
  wallet: true,
  balance: '1000',
  account_state: 'active',
  last_transaction_id: { '@type': 'internal.transactionId', lt: '42', hash: HASH },
  ...over,
});

void describe('v3 walletInformation / addressInformation mapping', () => {
  void it('maps a wallet state in toncenter’s field set, dropping is_signature_allowed', () => {
    const state = walletState({
      wallet_type: 'wallet v5 r1',
      seqno: 3,
      wallet_id: 2147483409,
      is_signature_allowed: true,
    });
    assert.deepEqual(walletInformationFromState(state), {
      balance: '1000',
      wallet_type: 'wallet v5 r1',
      seqno: 3,
      wallet_id: 2147483409,
      last_transaction_lt: '42',
      last_transaction_hash: HASH,
      status: 'active',
    });
  });

  void it('answers an uninit non-wallet and refuses any other non-wallet with NOT_A_WALLET', () => {
    assert.deepEqual(
      walletInformationFromState(
        walletState({ is_wallet: false, status: 'uninit', code_hash: null }),
      ),
      { balance: '1000', last_transaction_lt: '42', last_transaction_hash: HASH, status: 'uninit' },
    );
    for (const status of ['active', 'frozen', 'nonexist'] as const) {
      assert.throws(
        () => walletInformationFromState(walletState({ is_wallet: false, status })),
        notAWallet,
      );
    }
    assert.throws(() => walletInformationFromV2(v2Wallet({ wallet: false })), notAWallet);
  });

  void it('maps v2 getWalletInformation, uninitialized → uninit', () => {
    assert.deepEqual(
      walletInformationFromV2(
        v2Wallet({ wallet_type: 'wallet v3 r2', seqno: 8, wallet_id: 698983191 }),
      ),
      {
        balance: '1000',
        wallet_type: 'wallet v3 r2',
        seqno: 8,
        wallet_id: 698983191,
        last_transaction_lt: '42',
        last_transaction_hash: HASH,
        status: 'active',
      },
    );
    assert.deepEqual(
      walletInformationFromV2(
        v2Wallet({
          wallet: false,
          balance: '0',
          account_state: 'uninitialized',
          last_transaction_id: { '@type': 'internal.transactionId', lt: '0', hash: ZERO_HASH },
        }),
      ),
      {
        balance: '0',
        last_transaction_lt: '0',
        last_transaction_hash: ZERO_HASH,
        status: 'uninit',
      },
    );
  });

  void it('maps account states: BoCs as code/data, frozen_hash null in DB mode', () => {
    const state: V3AccountStateFull = {
      address: ADDRESS,
      account_state_hash: HASH,
      balance: '5',
      extra_currencies: {},
      status: 'frozen',
      frozen_hash: HASH,
      last_transaction_hash: HASH,
      last_transaction_lt: '9',
      data_hash: null,
      code_hash: null,
      data_boc: null,
      code_boc: null,
      contract_methods: null,
      interfaces: [],
    };
    assert.deepEqual(addressInformationFromState(state), {
      balance: '5',
      code: null,
      data: null,
      last_transaction_lt: '9',
      last_transaction_hash: HASH,
      frozen_hash: null,
      status: 'frozen',
    });
    const v2: RawFullAccountState = {
      '@type': 'raw.fullAccountState',
      balance: '0',
      extra_currencies: [],
      code: '',
      data: '',
      last_transaction_id: { '@type': 'internal.transactionId', lt: '0', hash: ZERO_HASH },
      block_id: {
        '@type': 'ton.blockIdExt',
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: 1,
        root_hash: HASH,
        file_hash: HASH,
      },
      frozen_hash: '',
      sync_utime: 1,
      state: 'uninitialized',
      suspended: false,
    };
    assert.deepEqual(addressInformationFromV2(v2), {
      balance: '0',
      code: null,
      data: null,
      last_transaction_lt: '0',
      last_transaction_hash: ZERO_HASH,
      frozen_hash: null,
      status: 'uninit',
    });
  });
});
