import { type V2Method } from '../../v2-method';

/** The v2 methods methods, registered in v2-methods.registry.ts. */
export const METHODS_METHODS: readonly V2Method[] = [];
