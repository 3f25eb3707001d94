/** TEP-74 (Jetton) and TEP-89 opcodes; `mint` is the non-standard but common minter opcode. */
export const JettonOp = {
  transfer: 0x0f8a7ea5,
  transferNotification: 0x7362d09c,
  internalTransfer: 0x178d4519,
  excesses: 0xd53276db,
  burn: 0x595f07bc,
  burnNotification: 0x7bdd97de,
  mint: 0x642b7d07,
  provideWalletAddress: 0x2c76b973,
  takeWalletAddress: 0xd1735400,
} as const;

/** TEP-62 (NFT) and TEP-66 opcodes; deployItem/changeOwner are the collection-owner operations. */
export const NftOp = {
  transfer: 0x5fcc3d14,
  ownershipAssigned: 0x05138d91,
  excesses: 0xd53276db,
  getStaticData: 0x2fcb26a2,
  reportStaticData: 0x8b771735,
  getRoyaltyParams: 0x693d3950,
  reportRoyaltyParams: 0xa8cb00ad,
  deployItem: 1,
  changeOwner: 3,
} as const;

/** TEP-81 change_dns_record. */
export const DnsOp = {
  changeRecord: 0x4eb1f0f9,
} as const;

/** Vesting wallet operations and their responses. */
export const VestingOp = {
  send: 0xa7733acd,
  sendResponse: 0xf7733acd,
  addWhitelist: 0x7258a69b,
  addWhitelistResponse: 0xf258a69b,
} as const;

/** Multisig v2 operations and order actions. */
export const MultisigOp = {
  newOrder: 0xf718510f,
  execute: 0x75097f5d,
  orderInit: 0x9c73fba2,
  approve: 0xa762230f,
  approveAccepted: 0x82609bf6,
  approveRejected: 0xafaf283e,
  sendMessageAction: 0xf1381e5b,
  updateParamsAction: 0x1d0cfbd3,
} as const;
