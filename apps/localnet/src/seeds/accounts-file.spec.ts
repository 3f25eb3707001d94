import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Address } from '@ton/core';
import { keyPairFromSecretKey, mnemonicToWalletKey } from '@ton/crypto';

import { parseAccountsFile, toAccountRecord, writeAccountsFile } from './accounts-file';
import { GENESIS } from './genesis.seed';
import type { SeedAccount } from './seed-context';
import { SeedWallet } from './seed-wallet';

void describe(writeAccountsFile.name, () => {
  let dir: string;
  let wallet: SeedAccount;
  const item: SeedAccount = {
    name: 'nft-item-0',
    kind: 'nft-item',
    address: Address.parseRaw('0:6c17685a355754807cd28b54e56aae3ffc5882008b0777e97b0d2d02bf42aec4'),
    owner: Address.parseRaw('0:951d9491551247485805dd475b3e774d507307285af3bf25da7b0a76c4bc3f8e'),
    index: 0n,
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seeds-accounts-'));
    wallet = (
      await SeedWallet.fromLabel('wallet-v3r2', 'v3r2', GENESIS.walletLabels.v3r2)
    ).toAccount();
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  void it('writes raw and friendly addresses, and the keys a client signs with', async () => {
    const path = join(dir, 'accounts.json');
    await writeAccountsFile(path, [wallet, item]);
    const file = parseAccountsFile(JSON.parse(await readFile(path, 'utf8')));
    const [walletRecord, itemRecord] = file.accounts;
    assert.ok(walletRecord && itemRecord);
    assert.deepEqual(
      { ...walletRecord, secretKey: undefined, mnemonic: undefined },
      {
        name: 'wallet-v3r2',
        kind: 'wallet',
        address: '0:951d9491551247485805dd475b3e774d507307285af3bf25da7b0a76c4bc3f8e',
        friendly: 'EQCVHZSRVRJHSFgF3UdbPndNUHMHKFrzvyXaewp2xLw_jgRB',
        friendlyNonBounceable: 'UQCVHZSRVRJHSFgF3UdbPndNUHMHKFrzvyXaewp2xLw_jlmE',
        walletVersion: 'v3r2',
        walletId: 698983191,
        publicKey: '4f324fa9e465f03cd64c4c0984d1325d3a6e6bf15f30595794bf89e9b867e5d4',
        secretKey: undefined,
        mnemonic: undefined,
      },
    );
    const secretKey = Buffer.from(walletRecord.secretKey ?? assert.fail(), 'hex');
    assert.equal(keyPairFromSecretKey(secretKey).publicKey.toString('hex'), walletRecord.publicKey);
    const fromMnemonic = await mnemonicToWalletKey(walletRecord.mnemonic ?? assert.fail());
    assert.equal(fromMnemonic.secretKey.toString('hex'), walletRecord.secretKey);
    assert.deepEqual(itemRecord, {
      name: 'nft-item-0',
      kind: 'nft-item',
      address: '0:6c17685a355754807cd28b54e56aae3ffc5882008b0777e97b0d2d02bf42aec4',
      friendly: 'EQBsF2haNVdUgHzSi1Tlaq4__FiCAIsHd-l7DS0Cv0KuxFgI',
      owner: '0:951d9491551247485805dd475b3e774d507307285af3bf25da7b0a76c4bc3f8e',
      index: '0',
    });
    assert.equal((await stat(path)).mode & 0o777, 0o600);
  });

  void it('uses the test-only friendly form when asked', () => {
    assert.equal(
      toAccountRecord(wallet, { testOnly: true }).friendly,
      'kQCVHZSRVRJHSFgF3UdbPndNUHMHKFrzvyXaewp2xLw_jr_L',
    );
  });

  void it('rejects a file that is not an accounts file', () => {
    assert.throws(() =>
      parseAccountsFile({ accounts: [{ name: 'x', kind: 'wallet', address: 'nope' }] }),
    );
  });
});
