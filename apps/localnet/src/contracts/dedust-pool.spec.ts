import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type Address, type StateInit, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { type DedustPools, InterfaceProbes } from '@app/classify';
import { SandboxGetMethods } from './classified-sandbox-trace';
import {
  addReservesBody,
  dedustFactoryInit,
  dedustPoolInit,
  type DedustPoolTerms,
} from './dedust-pool.contract';
import { contractCode } from './compile-contract';

const raw = (a: Address): string => a.toRawString().toUpperCase();

/**
 * The local DeDust-like pool and factory under the decoder's DeDust pool probe, run by TVM in the
 * sandbox, the pool code's hash injected as the one DeDust pool code.
 */
void describe('local DeDust-like pool under the DeDust pool probe (sandbox)', () => {
  let blockchain: Blockchain;
  let deployer: SandboxContract<TreasuryContract>;
  let jetton: Address;
  let probes: InterfaceProbes;
  let poolCode: string;
  const terms = (): DedustPoolTerms => ({
    stable: false,
    asset1: null,
    asset2: jetton,
    feeNumerator: 3,
    feeDenominator: 1000,
  });

  const deploy = async ({ init, address }: { init: StateInit; address: Address }) => {
    await deployer.send({ to: address, value: toNano('1'), init, body: addReservesBody(0n, 0n) });
  };

  before(async () => {
    blockchain = await Blockchain.create();
    deployer = await blockchain.treasury('dedust-deployer');
    jetton = (await blockchain.treasury('dedust-jetton')).address;
    const factory = await dedustFactoryInit(3, 1000);
    await deploy(factory);
    poolCode = (await contractCode('dedust-pool')).hash().toString('base64');
    const pools: DedustPools = { codeHashes: new Set([poolCode]), factory: raw(factory.address) };
    probes = new InterfaceProbes(new SandboxGetMethods(blockchain), undefined, pools);
  });

  void it('reads the pool the factory derives: assets, reserves added, curve and fee', async () => {
    const pool = await dedustPoolInit(terms());
    await deploy(pool);
    await deployer.send({
      to: pool.address,
      value: toNano('0.1'),
      body: addReservesBody(toNano('12.5'), 777_000n),
    });
    assert.deepEqual(await probes.dedustPool(raw(pool.address), poolCode, 1), {
      asset1: null,
      asset2: raw(jetton),
      reserve1: toNano('12.5'),
      reserve2: 777_000n,
      isStable: false,
      fee: 0.003,
    });
  });

  void it('reads a stable pool of two jettons', async () => {
    const other = (await blockchain.treasury('dedust-jetton-2')).address;
    const pool = await dedustPoolInit({ ...terms(), stable: true, asset1: other });
    await deploy(pool);
    const state = await probes.dedustPool(raw(pool.address), poolCode, 1);
    assert.equal(state?.isStable, true);
    assert.equal(state.asset1, raw(other));
    assert.equal(state.asset2, raw(jetton));
  });

  void it('is no pool when the factory derives another address (same code, not its deployment)', async () => {
    const forged = await dedustPoolInit(terms(), [5n, 5n]);
    await deploy(forged);
    assert.equal(await probes.dedustPool(raw(forged.address), poolCode, 1), null);
  });

  void it('is no pool under a code hash other than the injected one', async () => {
    const pool = await dedustPoolInit(terms());
    const walletCode = Buffer.alloc(32, 7).toString('base64');
    assert.equal(await probes.dedustPool(raw(pool.address), walletCode, 1), null);
  });
});
