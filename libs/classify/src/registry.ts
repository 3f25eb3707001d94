/**
 * The matcher registry: every family's matchers in toncenter's fixed order (`event_processing.py`,
 * `matchers`). Order matters: a block taken by an earlier matcher is not seen by a later one.
 *
 * Adding a family (see families/jettons.ts for a complete one):
 *   1. body parsers in tlb/<family>.ts (one function per TL-B message, the TL-B in its comment);
 *   2. families/<family>.ts: a Block subclass per action type whose `fill(action)` writes the action
 *      columns (and its `*_data` composite, named in action.ts `ActionDataColumn`), and a BlockMatcher
 *      per pattern whose `buildBlock` merges the matched blocks into that block;
 *   3. add the matchers below at the position toncenter gives them, and any trace post-processor to
 *      `postProcessors`; if the type is a renamed "v1" type, add its internal name to V1_BLOCK_TYPES
 *      (core/serialize.ts); API details for it go to api-render.ts;
 *   4. remove the family's cases from known-gaps.ts as they pass.
 */
import type { MatcherRegistry } from './core/pipeline';
import {
  FallbackJettonTransferBlockMatcher,
  JettonBurnBlockMatcher,
  JettonMintBlockMatcher,
  JettonTransferBlockMatcher,
  PTonTransferMatcher,
} from './families/jettons';
import { StonfiSwapBlockMatcher } from './families/stonfi';
import { DedustDepositBlockMatcher } from './families/dedust/deposit';
import { DedustDepositFirstAssetBlockMatcher } from './families/dedust/first-deposit';
import { postProcessDedustLiquidity } from './families/dedust/combine-deposits';
import { DedustSwapBlockMatcher } from './families/dedust/swap';
import { DedustWithdrawBlockMatcher } from './families/dedust/withdraw';
import { ToncoDeployPoolBlockMatcher } from './families/tonco/deploy-pool';
import { ToncoDepositLiquidityMatcher } from './families/tonco/deposit';
import { ToncoSwapBlockMatcher } from './families/tonco/swap';
import { ToncoWithdrawLiquidityMatcher } from './families/tonco/withdraw';
import { StonfiV2SwapBlockMatcher } from './families/stonfi-v2';
import {
  StonfiV2ProvideLiquidityMatcher,
  StonfiV2WithdrawLiquidityMatcher,
} from './families/stonfi-v2-liquidity';
import {
  CoffeeCreateVaultMatcher,
  CoffeeMevProtectFailedSwapMatcher,
  CoffeeMevProtectHoldFundsMatcher,
  CoffeeSwapBlockMatcher,
} from './families/coffee';
import {
  CocoonClientChangeSecretHashMatcher,
  CocoonClientIncreaseStakeMatcher,
  CocoonClientRegisterMatcher,
  CocoonClientRequestRefundMatcher,
  CocoonClientTopUpMatcher,
  CocoonClientWithdrawMatcher,
  CocoonGrantRefundMatcher,
  CocoonProxyChargeMatcher,
  CocoonProxyPayoutMatcher,
  CocoonRegisterProxyMatcher,
  CocoonUnregisterProxyMatcher,
  CocoonWorkerPayoutMatcher,
} from './families/cocoon';
import {
  CoffeeCreatePoolCreatorMatcher,
  CoffeeCreatePoolMatcher,
} from './families/coffee/create-pool';
import {
  CoffeeDepositLiquidityMatcher,
  CoffeeWithdrawLiquidityMatcher,
} from './families/coffee/liquidity';
import {
  CoffeeStakingClaimRewardsMatcher,
  CoffeeStakingDepositMatcher,
  CoffeeStakingWithdrawMatcher,
} from './families/coffee/staking';
import { EthenaDepositBlockMatcher, EthenaWithdrawalRequestBlockMatcher } from './families/ethena';
import {
  EvaaLiquidateBlockMatcher,
  EvaaSupplyBlockMatcher,
  EvaaWithdrawBlockMatcher,
} from './families/evaa';
import {
  JVaultClaimBlockMatcher,
  JVaultStakeBlockMatcher,
  JVaultUnstakeBlockMatcher,
  JVaultUnstakeRequestBlockMatcher,
} from './families/jvault';
import {
  LayerZeroCommitPacketMatcher,
  LayerZeroDvnVerifyMatcher,
  LayerZeroReceiveMatcher,
  LayerZeroSendMatcher,
  LayerZeroSendTokensMatcher,
} from './families/layerzero';
import {
  NftDiscoveryBlockMatcher,
  NftMintBlockMatcher,
  NftTransferBlockMatcher,
} from './families/nft';
import {
  AuctionBidMatcher,
  AuctionOutbidMatcher,
  TeleitemCancelAuctionMatcher,
  TeleitemStartAuctionMatcher,
} from './families/auction';
import {
  GetgemsNftPurchaseBlockMatcher,
  TelegramNftPurchaseBlockMatcher,
} from './families/nft-purchase';
import { NftPutOnSaleBlockMatcher } from './families/nft-listing';
import {
  NftCancelAuctionMatcher,
  NftCancelSaleMatcher,
  NftFinishAuctionMatcher,
  UpdateSaleMatcher,
} from './families/nft-listing-close';
import { DnsPurchaseMatcher, DnsReleaseMatcher } from './families/dns-auction';
import { ChangeDnsRecordMatcher } from './families/dns';
import {
  ElectionDepositStakeBlockMatcher,
  ElectionRecoverStakeBlockMatcher,
} from './families/elections';
import { SubscriptionBlockMatcher, UnsubscribeBlockMatcher } from './families/subscriptions';
import {
  MultisigApproveBlockMatcher,
  MultisigCreateOrderBlockMatcher,
  MultisigExecuteBlockMatcher,
} from './families/multisig';
import {
  NominatorPoolDepositMatcher,
  NominatorPoolWithdrawMatcher,
  NominatorPoolWithdrawRequestMatcher,
} from './families/nominator-pool';
import {
  TonstakersDelayedWithdrawalMatcher,
  TonstakersDepositMatcher,
  TonstakersWithdrawMatcher,
} from './families/tonstakers';
import {
  TgBTCBurnBlockMatcher,
  TgBTCBurnLogOnlyMatcher,
  TgBTCDkgLogOnlyMatcher,
  TgBTCMintBlockMatcher,
  TgBTCMintLogOnlyMatcher,
  TgBTCNewKeyBlockMatcher,
  TgBTCNewKeyLogOnlyMatcher,
} from './families/tgbtc';
import {
  VestingAddWhitelistBlockMatcher,
  VestingSendMessageBlockMatcher,
} from './families/vesting';

export const defaultRegistry: MatcherRegistry = {
  matchers: [
    new NftMintBlockMatcher(),
    new TonstakersDelayedWithdrawalMatcher(),
    new DedustDepositBlockMatcher(),
    new DedustDepositFirstAssetBlockMatcher(),
    new TonstakersDepositMatcher(),
    new TonstakersWithdrawMatcher(),
    new MultisigCreateOrderBlockMatcher(),
    new MultisigApproveBlockMatcher(),
    new MultisigExecuteBlockMatcher(),
    new VestingSendMessageBlockMatcher(),
    new VestingAddWhitelistBlockMatcher(),
    new NominatorPoolDepositMatcher(),
    new NominatorPoolWithdrawRequestMatcher(),
    new NominatorPoolWithdrawMatcher(),
    new JettonTransferBlockMatcher(),
    new PTonTransferMatcher(),
    new DedustWithdrawBlockMatcher(),
    new JettonBurnBlockMatcher(),
    new DedustSwapBlockMatcher(),
    new StonfiSwapBlockMatcher(),
    new StonfiV2SwapBlockMatcher(),
    new ToncoSwapBlockMatcher(),
    new DnsReleaseMatcher(),
    new DnsPurchaseMatcher(),
    new UpdateSaleMatcher(),
    new NftTransferBlockMatcher(),
    new TelegramNftPurchaseBlockMatcher(),
    new GetgemsNftPurchaseBlockMatcher(),
    new NftPutOnSaleBlockMatcher(),
    new TeleitemStartAuctionMatcher(),
    new TeleitemCancelAuctionMatcher(),
    new NftDiscoveryBlockMatcher(),
    new ChangeDnsRecordMatcher(),
    new ElectionDepositStakeBlockMatcher(),
    new ElectionRecoverStakeBlockMatcher(),
    new SubscriptionBlockMatcher(),
    new UnsubscribeBlockMatcher(),
    new AuctionBidMatcher(),
    new AuctionOutbidMatcher(),
    new NftCancelSaleMatcher(),
    new NftFinishAuctionMatcher(),
    new NftCancelAuctionMatcher(),
    new EthenaWithdrawalRequestBlockMatcher(),
    new JettonMintBlockMatcher(),
    new EthenaDepositBlockMatcher(),
    new StonfiV2ProvideLiquidityMatcher(),
    new StonfiV2WithdrawLiquidityMatcher(),
    new JVaultStakeBlockMatcher(),
    new JVaultUnstakeBlockMatcher(),
    new JVaultClaimBlockMatcher(),
    new JVaultUnstakeRequestBlockMatcher(),
    new EvaaSupplyBlockMatcher(),
    new EvaaWithdrawBlockMatcher(),
    new EvaaLiquidateBlockMatcher(),
    new TgBTCMintBlockMatcher(),
    new TgBTCBurnBlockMatcher(),
    new TgBTCNewKeyBlockMatcher(),
    new TgBTCMintLogOnlyMatcher(),
    new TgBTCBurnLogOnlyMatcher(),
    new TgBTCNewKeyLogOnlyMatcher(),
    new TgBTCDkgLogOnlyMatcher(),
    new ToncoDepositLiquidityMatcher(),
    new ToncoDeployPoolBlockMatcher(),
    new ToncoWithdrawLiquidityMatcher(),
    new CoffeeDepositLiquidityMatcher(),
    new CoffeeSwapBlockMatcher(),
    new CoffeeWithdrawLiquidityMatcher(),
    new CoffeeCreateVaultMatcher(),
    new CoffeeCreatePoolCreatorMatcher(),
    new CoffeeCreatePoolMatcher(),
    new CoffeeMevProtectHoldFundsMatcher(),
    new CoffeeMevProtectFailedSwapMatcher(),
    new CoffeeStakingDepositMatcher(),
    new CoffeeStakingWithdrawMatcher(),
    new CoffeeStakingClaimRewardsMatcher(),
    new LayerZeroSendMatcher(),
    new LayerZeroSendTokensMatcher(),
    new LayerZeroReceiveMatcher(),
    new LayerZeroCommitPacketMatcher(),
    new LayerZeroDvnVerifyMatcher(),
    new CocoonWorkerPayoutMatcher(),
    new CocoonProxyPayoutMatcher(),
    new CocoonProxyChargeMatcher(),
    new CocoonClientTopUpMatcher(),
    new CocoonRegisterProxyMatcher(),
    new CocoonUnregisterProxyMatcher(),
    new CocoonClientRegisterMatcher(),
    new CocoonClientChangeSecretHashMatcher(),
    new CocoonClientRequestRefundMatcher(),
    new CocoonGrantRefundMatcher(),
    new CocoonClientIncreaseStakeMatcher(),
    new CocoonClientWithdrawMatcher(),
  ],
  failedExternalMatchers: [new FallbackJettonTransferBlockMatcher()],
  postProcessors: [postProcessDedustLiquidity],
};
