/**
 * Liteserver service requests of the v2 accounts endpoints (toncenter-v2.md): schemas and the
 * subject → {req, res} pairs registered in registry.ts.
 */
export const lsAccountsContracts = {} as const;
