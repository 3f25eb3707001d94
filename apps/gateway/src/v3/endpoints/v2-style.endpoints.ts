import { isTonApiError, Subjects, V3TracesRes } from '@app/contracts';
import { GET_METHOD_STACK_LIMITS } from '@app/ton';
import { z } from 'zod';
import { legacyStack, requiredMethodId } from '../../v2/params/methods.params';
import { type RawParams } from '../../v2/v2-params';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { type V3Field, v3Field, type V3RequiredField, v3RequiredField } from '../v3-field';
import { V3Fields } from '../v3-fields';
import { conversion, invalid, throwing, type V3Params } from '../v3-params';
import {
  addressInformationFromState,
  addressInformationFromV2,
  unknownAddressInformation,
  unknownWalletInformation,
  V3AddressInformation,
  V3WalletInformation,
  walletInformationFromState,
  walletInformationFromV2,
} from '../v2-style/account-information.mapper';
import { fromLegacyEntry, toLegacyInput, V3StackEntry, V3StackInput } from '../v2-style/v3-stack';
import { TRACES_FIELDS, tracesRequest } from './traces.endpoints';

/*
 * The v2-style endpoints of /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the
 * deprecated aliases toncenter still routes
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): `wallet`, `account`,
 * `events`. ton-indexer answers a missing `address` or `method` with 401 and a bad stack entry type
 * with 500; both are 422 naming the parameter here.
 */

/** `address` (required; toncenter's wording, with a 401 there) and `use_v2` (default false, as ton-indexer's code; its swagger says true). */
const ACCOUNT_FIELDS = {
  address: V3Fields.requiredAddress(
    'Account address in any form; when missing, a 422 names it (toncenter answers 401)',
    'address of account is required',
  ),
  use_v2: V3Fields.flag(false, 'Read the live state through the liteservers instead of the index'),
};

function walletInformation(name: string, deprecated?: true): V3Endpoint {
  return defineV3Endpoint({
    name,
    ...(deprecated === undefined ? {} : { deprecated }),
    fields: ACCOUNT_FIELDS,
    result: V3WalletInformation,
    run: async ({ address, use_v2 }, _s, backend) => {
      if (use_v2) {
        const info = await backend.request(Subjects.ls.getWalletInformation, { address });
        return walletInformationFromV2(info);
      }
      const { wallets } = await backend.request(Subjects.query.walletStates, {
        address: [address],
        no_address_book: true,
      });
      const state = wallets[0];
      return state === undefined ? unknownWalletInformation() : walletInformationFromState(state);
    },
  });
}

function addressInformation(name: string, deprecated?: true): V3Endpoint {
  return defineV3Endpoint({
    name,
    ...(deprecated === undefined ? {} : { deprecated }),
    fields: ACCOUNT_FIELDS,
    result: V3AddressInformation,
    run: async ({ address, use_v2 }, _s, backend) => {
      if (use_v2) {
        const state = await backend.request(Subjects.ls.getAddressInformation, { address });
        return addressInformationFromV2(state);
      }
      const { accounts } = await backend.request(Subjects.query.accountStates, {
        address: [address],
        include_boc: true,
        no_address_book: true,
      });
      const state = accounts[0];
      return state === undefined ? unknownAddressInformation() : addressInformationFromState(state);
    },
  });
}

/** `events`: the traces of toncenter's older API under their old key, always with their actions. */
const events = defineV3Endpoint({
  name: 'events',
  deprecated: true,
  fields: TRACES_FIELDS,
  result: z
    .object({
      events: V3TracesRes.shape.traces,
      address_book: V3TracesRes.shape.address_book,
      metadata: V3TracesRes.shape.metadata,
    })
    .strict(),
  run: async (q, s, backend) => {
    const req = { ...tracesRequest(q, s), include_actions: true };
    const { traces, address_book, metadata } = await backend.request(Subjects.query.traces, req);
    return { events: traces, address_book, metadata };
  },
});

/** The VmStack for the liteserver; the v2 reader's complaints name `stack` here. */
function v2Stack(raw: RawParams): string {
  try {
    return legacyStack(raw, 'post');
  } catch (error: unknown) {
    if (isTonApiError(error)) {
      throw invalid('stack', `invalid stack: ${error.message}`);
    }
    throw error;
  }
}

/** A body field as sent, undefined when absent, null or empty (then `<name> is required`). */
function bodyValue(p: V3Params, name: string): unknown {
  const value = p.jsonField(name);
  return value === null || value === '' ? undefined : value;
}

/** runGetMethod's `address`: a JSON string read like a query value; anything else cannot be an address. */
const contractAddress: V3RequiredField<string> = v3RequiredField(
  z.string().meta({ description: 'Contract address in any form' }),
  (p, name) =>
    bodyValue(p, name) === undefined ? undefined : (p.address(name) ?? throwing(conversion(name))),
  'address is required',
);

/** runGetMethod's `method`: toncenter decodes the body into `Method string`, so any other JSON type fails. */
const methodName: V3RequiredField<number> = v3RequiredField(
  z.string().meta({
    description:
      'Get-method name, or its numeric id as a string (a JSON number is a 422, as toncenter decodes a string)',
    example: 'seqno',
  }),
  (p, name) => {
    const method = bodyValue(p, name);
    if (method === undefined) {
      return undefined;
    }
    if (typeof method !== 'string') {
      throw invalid(name, `${name} must be a string`);
    }
    return requiredMethodId({ method }, 'post');
  },
  'method is required',
);

/** runGetMethod's `stack`: v3 entries, as the VmStack the liteserver takes. */
const stackArguments: V3Field<string> = v3Field(
  z
    .array(V3StackInput)
    .max(GET_METHOD_STACK_LIMITS.maxEntries)
    .meta({
      description:
        'Arguments, bottom of the stack first; a type other than num, cell or slice is a 422 naming stack (toncenter answers 500)',
      example: [],
    })
    .optional(),
  (p, name) => v2Stack({ stack: toLegacyInput(p.jsonField(name)) }),
);

const runGetMethod = defineV3Endpoint({
  name: 'runGetMethod',
  verbs: ['POST'],
  fields: { address: contractAddress, method: methodName, stack: stackArguments },
  result: z
    .object({
      gas_used: z.number().int(),
      exit_code: z.number().int(),
      stack: z.array(V3StackEntry),
    })
    .strict(),
  run: async (q, _s, backend) => {
    const result = await backend.request(Subjects.ls.runGetMethod, {
      address: q.address,
      methodId: q.method,
      stack: q.stack,
    });
    return {
      gas_used: result.gas_used,
      exit_code: result.exit_code,
      stack: result.stack.map(fromLegacyEntry),
    };
  },
});

export const V2_STYLE_ENDPOINTS: readonly V3Endpoint[] = [
  walletInformation('walletInformation'),
  addressInformation('addressInformation'),
  runGetMethod,
  // Deprecated aliases (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
  walletInformation('wallet', true),
  addressInformation('account', true),
  events,
];
