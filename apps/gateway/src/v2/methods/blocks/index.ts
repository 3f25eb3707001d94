import { type V2Method } from '../../v2-method';

/** The v2 blocks methods, registered in v2-methods.registry.ts. */
export const BLOCKS_METHODS: readonly V2Method[] = [];
