/**
 * The migrations of libs/database/src/migrations by class name, in the order they apply. Written out
 * here, not read from the migration list under test, so that adding or reordering one is a change the
 * migration tests see.
 */
export const EXPECTED_MIGRATIONS = [
  'Init1795238798597',
  'ChainTables1795300000000',
  'DecodedTables1795400000000',
  'DnsMultisigVesting1795500000000',
  'ApiKeys1795600000000',
  'StreamingLimits1795700000000',
  'AddressMetadata1795800000000',
  'NftSales1795900000000',
  'TraceAccounts1796000000000',
  'ChainIdentity1796150000000',
  'NftAuctions1796170000000',
  'PartitionHistory1796250000000',
  'PartitionTraceHistory1796260000000',
  'TelemintItems1796270000000',
  'ActionLts1796280000000',
  'AccountLtRanges1796347120000',
  'DexPools1796352700000',
] as const;
