import { beginCell, type Cell } from '@ton/core';

/**
 * Real highload wallet code BoCs, for the detectors' specs and the e2e suite (test data: nothing in
 * the service reads this file).
 * - v1 r1/r2 and v2 r1/r2: the codes tonlib ships and compares code hashes against
 *   (ton-blockchain/ton crypto/smc-envelope/SmartContractCode.cpp, "highload-wallet-r1/r2",
 *   "highload-wallet-v2-r1/r2").
 * - v3: ton-blockchain/highload-wallet-contract-v3 as the tonweb npm package ships it
 *   (HighloadWalletContractV3 CODE_HEX); the mainnet wallets in the fixture block 66519406 run it.
 */
export const HIGHLOAD_CODES = {
  v1r1: 'te6ccgEBBgEAhgABFP8A9KQT9KDyyAsBAgEgAgMCAUgEBQC88oMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj9ATR+AB/jhghgBD0eG+hb6EgmALTB9QwAfsAkTLiAbPmWwGkyMsfyx/L/8ntVAAE0DAAEaCZL9qJoa4WPw==',
  v1r2: 'te6ccgEBCAEAlwABFP8A9KQT9LzyyAsBAgEgAgMCAUgEBQC48oMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj9ATR+AB/jhYhgBD0eG+lIJgC0wfUMAH7AJEy4gGz5lsBpMjLH8sfy//J7VQABNAwAgFIBgcAF7s5ztRNDTPzHXC/+AARuMl+1E0NcLH4',
  v2r1: 'te6ccgEBBwEA1gABFP8A9KQT9KDyyAsBAgEgAgMCAUgEBQHu8oMI1xgg0x/TP/gjqh9TILnyY+1E0NMf0z/T//QE0VNggED0Dm+hMfJgUXO68qIH+QFUEIf5EPKjAvQE0fgAf44YIYAQ9HhvoW+hIJgC0wfUMAH7AJEy4gGz5luDJaHIQDSAQPRDiuYxyBLLHxPLP8v/9ADJ7VQGAATQMABBoZfl2omhpj5jpn+n/mPoCaKkQQCB6BzfQmMktv8ld0fFADgggED0lm+hb6EyURCUMFMDud4gkzM2AZIyMOKz',
  v2r2: 'te6ccgEBCQEA5QABFP8A9KQT9LzyyAsBAgEgAgMCAUgEBQHq8oMI1xgg0x/TP/gjqh9TILnyY+1E0NMf0z/T//QE0VNggED0Dm+hMfJgUXO68qIH+QFUEIf5EPKjAvQE0fgAf44WIYAQ9HhvpSCYAtMH1DAB+wCRMuIBs+ZbgyWhyEA0gED0Q4rmMcgSyx8Tyz/L//QAye1UCAAE0DACASAGBwAXvZznaiaGmvmOuF/8AEG+X5dqJoaY+Y6Z/p/5j6AmipEEAgegc30JjJLb/JXdHxQANCCAQPSWb6UyURCUMFMDud4gkzM2AZIyMOKz',
  v3: 'te6ccgECEAEAAigAART/APSkE/S88sgLAQIBIAINAgFIAwQAeNAg10vAAQHAYLCRW+EB0NMDAXGwkVvg+kAw+CjHBbORMODTHwGCEK5C5aS6nYBA1yHXTPgqAe1V+wTgMAIBIAUKAgJzBgcAEa3OdqJoa4X/wAIBIAgJABqrtu1E0IEBItch1ws/ABiqO+1E0IMH1yHXCx8CASALDAAbuabu1E0IEBYtch1wsVgA5bi/Ltou37IasJAoQJsO1E0IEBINch9AT0BNM/0xXRBY4b+CMloVIQuZ8ybfgjBaoAFaESuZIwbd6SMDPikjAz4lIwgA30D2+hntAh1yHXCgCVXwN/2zHgkTDiWYAN9A9voZzQAdch1woAk3/bMeCRW+JwgB9vLUgwjXGNEh+QDtRNDT/9Mf9AT0BNM/0xXR+CMhoVIguY4SM234IySqAKESuZJtMt5Y+CMB3lQWdfkQ8qEG0NMf1NMH0wzTCdM/0xXRUWi68qJRWrrypvgjKqFSULzyowT4I7vyo1MEgA30D2+hmdAk1yHXCgDyZJEw4g4B/lMJgA30D2+hjhPQUATXGNIAAfJkyFjPFs+DAc8WjhAwyCTPQM+DhAlQBaGlFM9A4vgAyUA5gA30FwTIy/8Tyx/0ABL0ABLLPxLLFcntVPgPIdDTAAHyZdMCAXGwkl8D4PpAAdcLAcAA8qX6QDH6ADH0AfoAMfoAMYBg1yHTAAEPACDyZdIAAZPUMdGRMOJysfsA',
} as const;

/**
 * Highload wallet v1 data (both revisions): `seqno:uint32 wallet_id:uint32 public_key:bits256`
 * (ton-blockchain/ton crypto/smartcont/highload-wallet-code.fc).
 */
export function highloadV1Data(fields: {
  seqno: number;
  walletId: number;
  publicKey: Buffer;
}): Cell {
  return beginCell()
    .storeUint(fields.seqno, 32)
    .storeUint(fields.walletId, 32)
    .storeBuffer(fields.publicKey)
    .endCell();
}

/**
 * Highload wallet v2 data (both revisions), no query kept: `wallet_id:uint32 last_cleaned:uint64
 * public_key:bits256 old_queries:(HashmapE 64 ^Cell)` (ton-blockchain/ton
 * crypto/smartcont/highload-wallet-v2-code.fc).
 */
export function highloadV2Data(fields: {
  walletId: number;
  lastCleaned: bigint;
  publicKey: Buffer;
}): Cell {
  return beginCell()
    .storeUint(fields.walletId, 32)
    .storeUint(fields.lastCleaned, 64)
    .storeBuffer(fields.publicKey)
    .storeBit(false)
    .endCell();
}
