import { type V2Method } from '../../v2-method';
import { detectAddress, detectHash, packAddress, unpackAddress } from './address-utils.methods';
import { getConfigAll } from './get-config-all.method';
import { getConfigParam } from './get-config-param.method';
import { getLibraries } from './get-libraries.method';
import { runGetMethodStd } from './run-get-method-std.method';
import { runGetMethod } from './run-get-method.method';
import { sendBoc, sendBocReturnHash, sendBocReturnHashNoError } from './send-boc.methods';

/** The v2 methods methods, registered in v2-methods.registry.ts. */
export const METHODS_METHODS: readonly V2Method[] = [
  runGetMethod,
  runGetMethodStd,
  getConfigParam,
  getConfigAll,
  getLibraries,
  sendBoc,
  sendBocReturnHash,
  sendBocReturnHashNoError,
  detectAddress,
  detectHash,
  packAddress,
  unpackAddress,
];
