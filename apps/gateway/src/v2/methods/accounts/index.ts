import { type V2Method } from '../../v2-method';

/** The v2 accounts methods, registered in v2-methods.registry.ts. */
export const ACCOUNTS_METHODS: readonly V2Method[] = [];
