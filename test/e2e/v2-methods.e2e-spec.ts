import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { startV2Harness } from './support/v2-harness';
import { addressUtilityCases } from './v2-methods/address-utilities.cases';
import { configAndLibraryCases } from './v2-methods/config-and-libraries.cases';
import { methodContext } from './v2-methods/method-context';
import { runGetMethodCases } from './v2-methods/run-get-method.cases';
import { sendBocCases } from './v2-methods/send-boc.cases';
import { unmodifiedClientCases } from './v2-methods/unmodified-clients.cases';

/**
 * The v2 get-method, config, library, send and utility endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml)
 * against the genesis localnet. Expected values come from the chain (its emulator, its config, its
 * get-method runner) and the genesis seed's constants. One boot for all the cases, in this order:
 * the sends move the wallets' seqnos that the clients' cases start from.
 */
describe('v2 methods endpoints', () => {
  const context = methodContext(bootOnce(() => startV2Harness()));
  runGetMethodCases(context);
  configAndLibraryCases(context);
  addressUtilityCases(context);
  sendBocCases(context);
  unmodifiedClientCases(context);
});
