/**
 * Liteserver service requests of the v2 blocks endpoints (toncenter-v2.md): schemas and the
 * subject → {req, res} pairs registered in registry.ts.
 */
export const lsBlocksContracts = {} as const;
