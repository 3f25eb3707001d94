import { ApiKeyEntity } from './entities/api-key.entity';
import { ApiPlanEntity } from './entities/api-plan.entity';
import { ActionAccountEntity } from './entities/action-account.entity';
import { ActionEntity } from './entities/action.entity';
import { AddressMetadataEntity } from './entities/address-metadata.entity';
import { ContractInterfacesEntity } from './entities/contract-interfaces.entity';
import { DecodeFailureEntity } from './entities/decode-failure.entity';
import { DnsEntryEntity } from './entities/dns-entry.entity';
import { JettonBurnEntity } from './entities/jetton-burn.entity';
import { JettonMasterEntity } from './entities/jetton-master.entity';
import { JettonTransferEntity } from './entities/jetton-transfer.entity';
import { JettonWalletEntity } from './entities/jetton-wallet.entity';
import { MultisigOrderEntity } from './entities/multisig-order.entity';
import { MultisigEntity } from './entities/multisig.entity';
import { NftCollectionEntity } from './entities/nft-collection.entity';
import { NftItemEntity } from './entities/nft-item.entity';
import { GetgemsNftSaleEntity } from './entities/getgems-nft-sale.entity';
import { GetgemsNftAuctionEntity } from './entities/getgems-nft-auction.entity';
import { TelemintNftItemEntity } from './entities/telemint-nft-item.entity';
import { DexPoolEntity } from './entities/dex-pool.entity';
import { NftTransferEntity } from './entities/nft-transfer.entity';
import { TraceAccountEntity } from './entities/trace-account.entity';
import { TraceEntity } from './entities/trace.entity';
import { VestingContractEntity } from './entities/vesting-contract.entity';
import { VestingWhitelistEntity } from './entities/vesting-whitelist.entity';
import { AccountStateEntity } from './entities/account-state.entity';
import { BlockEntity } from './entities/block.entity';
import { IndexerCursorEntity } from './entities/indexer-cursor.entity';
import { ChainIdentityEntity } from './entities/chain-identity.entity';
import { IngestLeaderEntity } from './entities/ingest-leader.entity';
import { IngestQuarantineEntity } from './entities/ingest-quarantine.entity';
import { LatestAccountStateEntity } from './entities/latest-account-state.entity';
import { MessageContentEntity } from './entities/message-content.entity';
import { MessageEntity } from './entities/message.entity';
import { ShardStateEntity } from './entities/shard-state.entity';
import { TransactionEntity } from './entities/transaction.entity';

/** Every entity of the schema; the data source registers them all so any app can use any repository. */
export const DATABASE_ENTITIES = [
  IndexerCursorEntity,
  ChainIdentityEntity,
  BlockEntity,
  ShardStateEntity,
  TransactionEntity,
  MessageEntity,
  MessageContentEntity,
  AccountStateEntity,
  LatestAccountStateEntity,
  IngestQuarantineEntity,
  IngestLeaderEntity,
  ActionAccountEntity,
  ActionEntity,
  ContractInterfacesEntity,
  DecodeFailureEntity,
  JettonBurnEntity,
  JettonMasterEntity,
  JettonTransferEntity,
  JettonWalletEntity,
  NftCollectionEntity,
  NftItemEntity,
  GetgemsNftSaleEntity,
  GetgemsNftAuctionEntity,
  TelemintNftItemEntity,
  DexPoolEntity,
  NftTransferEntity,
  TraceEntity,
  TraceAccountEntity,
  DnsEntryEntity,
  MultisigEntity,
  MultisigOrderEntity,
  VestingContractEntity,
  VestingWhitelistEntity,
  ApiPlanEntity,
  ApiKeyEntity,
  AddressMetadataEntity,
];
