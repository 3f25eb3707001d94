/**
 * The local contracts' own tags that are not message bodies of the registry: every body opcode comes
 * from the message-body registry's constructors (`JETTON`, `NFT`, `DNS`, `VESTING`, `MULTISIG` in
 * @app/ton), which also build the bodies (`storeFields`).
 */

/**
 * The NFT collection owner's deploy#00000001 (TEP-62 reference nft-collection.fc). Not a registry
 * constructor: opcode 1 is already EVAA's supply_master there, and a second layout under it would
 * change how such bodies decode.
 */
export const NftCollectionOp = {
  deployItem: 1,
} as const;

/**
 * Multisig v2 order actions (ton-blockchain/multisig-contract-v2, an order's `Hashmap 8 ^Action`):
 * cells inside an order, never a message body.
 */
export const MultisigOrderAction = {
  sendMessage: 0xf1381e5b,
  updateParams: 0x1d0cfbd3,
} as const;
