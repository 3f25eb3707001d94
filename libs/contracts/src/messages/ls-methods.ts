/**
 * Liteserver service requests of the v2 methods endpoints (toncenter-v2.md): schemas and the
 * subject → {req, res} pairs registered in registry.ts.
 */
export const lsMethodsContracts = {} as const;
