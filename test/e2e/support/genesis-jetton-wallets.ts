import { GENESIS, GenesisAccount } from '@app/localnet';

/** The genesis seed's two Jetton wallets: [wallet, owner, final balance], the v3r2 owner's first. */
export const GENESIS_JETTON_WALLETS = [
  [GenesisAccount.jettonWalletV3r2, GenesisAccount.walletV3r2, GENESIS.jetton.finalBalanceV3r2],
  [GenesisAccount.jettonWalletV4r2, GenesisAccount.walletV4r2, GENESIS.jetton.finalBalanceV4r2],
] as const;
