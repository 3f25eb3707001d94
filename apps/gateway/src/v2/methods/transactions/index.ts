import { type V2Method } from '../../v2-method';

/** The v2 transactions methods, registered in v2-methods.registry.ts. */
export const TRANSACTIONS_METHODS: readonly V2Method[] = [];
