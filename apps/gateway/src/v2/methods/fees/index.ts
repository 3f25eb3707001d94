import { type V2Method } from '../../v2-method';
import { estimateFee } from './estimate-fee.method';

/** The v2 fee methods, registered in v2-methods.registry.ts. */
export const FEES_METHODS: readonly V2Method[] = [estimateFee];
