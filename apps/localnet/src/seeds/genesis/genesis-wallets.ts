import { type SeedWallet } from '../seed-wallet';

/** The genesis seed's three standard wallets (v3r2, v4r2, v5r1), each step of the seed signs with. */
export interface GenesisWallets {
  readonly v3: SeedWallet;
  readonly v4: SeedWallet;
  readonly v5: SeedWallet;
  /** All three, in that order: the wallets whose seqnos each step checks. */
  readonly all: SeedWallet[];
}
