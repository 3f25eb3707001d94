/** Multisig v2 (ton-blockchain/multisig-contract-v2): what the registry's `MULTISIG` layouts do not say. */

/** A signer may also approve with the text comment "approve". */
export const MULTISIG_APPROVE_COMMENT = 'approve';
