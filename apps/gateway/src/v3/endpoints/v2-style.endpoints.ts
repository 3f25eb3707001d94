import { isTonApiError, Subjects, V3TracesRes } from '@app/contracts';
import { GET_METHOD_STACK_LIMITS } from '@app/ton';
import { z } from 'zod';
import { legacyStack, requiredMethodId } from '../../v2/params/methods.params';
import { type RawParams } from '../../v2/v2-params';
import { type V3Endpoint } from '../v3-endpoint';
import { conversion, invalid, type V3Params } from '../v3-params';
import { V3Param } from '../v3-schemas';
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
import { TRACE_ENDPOINTS, tracesRequest } from './traces.endpoints';

/*
 * The v2-style endpoints of /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the
 * deprecated aliases toncenter still routes
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): `wallet`, `account`,
 * `events`. ton-indexer answers a missing `address` or `method` with 401 and a bad stack entry type
 * with 500; both are 422 naming the parameter here.
 */

/** `address` (required) and `use_v2` (default false, as ton-indexer's code; its swagger says true). */
const accountQuery = z.object({
  address: V3Param.address(
    'Account address in any form; when missing, a 422 names it (toncenter answers 401)',
  ),
  use_v2: V3Param.bool(
    'Read the live state through the liteservers instead of the index',
  ).optional(),
});

function accountParams(p: V3Params): { address: string; useV2: boolean } {
  const address = p.address('address');
  const useV2 = p.bool('use_v2') ?? false;
  p.rejectUnknown();
  if (address === undefined) {
    // toncenter's wording (with a 401 there).
    throw invalid('address', 'address of account is required');
  }
  return { address, useV2 };
}

const walletInformation: Omit<V3Endpoint, 'name'> = {
  query: accountQuery,
  result: V3WalletInformation,
  run: async (p, _s, backend) => {
    const { address, useV2 } = accountParams(p);
    if (useV2) {
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
};

const addressInformation: Omit<V3Endpoint, 'name'> = {
  query: accountQuery,
  result: V3AddressInformation,
  run: async (p, _s, backend) => {
    const { address, useV2 } = accountParams(p);
    if (useV2) {
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
};

function tracesEndpoint(): V3Endpoint {
  const traces = TRACE_ENDPOINTS.find((e) => e.name === 'traces');
  if (traces === undefined) {
    throw new Error('the traces endpoint is not declared');
  }
  return traces;
}

/** `events`: the traces of toncenter's older API under their old key, always with their actions. */
const events: V3Endpoint = {
  name: 'events',
  deprecated: true,
  query: tracesEndpoint().query,
  result: z
    .object({
      events: V3TracesRes.shape.traces,
      address_book: V3TracesRes.shape.address_book,
      metadata: V3TracesRes.shape.metadata,
    })
    .strict(),
  run: async (p, s, backend) => {
    const req = { ...tracesRequest(p, s), include_actions: true };
    const { traces, address_book, metadata } = await backend.request(Subjects.query.traces, req);
    return { events: traces, address_book, metadata };
  },
};

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

const runGetMethod: V3Endpoint = {
  name: 'runGetMethod',
  verbs: ['POST'],
  query: z.object({
    address: z.string().meta({ description: 'Contract address in any form' }),
    method: z.string().meta({
      description:
        'Get-method name, or its numeric id as a string (a JSON number is a 422, as toncenter decodes a string)',
      example: 'seqno',
    }),
    stack: z
      .array(V3StackInput)
      .max(GET_METHOD_STACK_LIMITS.maxEntries)
      .meta({
        description:
          'Arguments, bottom of the stack first; a type other than num, cell or slice is a 422 naming stack (toncenter answers 500)',
        example: [],
      })
      .optional(),
  }),
  result: z
    .object({
      gas_used: z.number().int(),
      exit_code: z.number().int(),
      stack: z.array(V3StackEntry),
    })
    .strict(),
  run: async (p, _s, backend) => {
    const raw = {
      address: p.jsonField('address'),
      method: p.jsonField('method'),
      stack: toLegacyInput(p.jsonField('stack')),
    };
    p.rejectUnknown();
    if (raw.address === undefined || raw.address === null || raw.address === '') {
      throw invalid('address', 'address is required');
    }
    if (raw.method === undefined || raw.method === null || raw.method === '') {
      throw invalid('method', 'method is required');
    }
    // toncenter decodes the body into `Method string`: any other JSON type fails to decode.
    if (typeof raw.method !== 'string') {
      throw invalid('method', 'method must be a string');
    }
    // A JSON string is read like a query value; anything else cannot be an address.
    const address = p.address('address');
    if (address === undefined) {
      throw conversion('address');
    }
    const result = await backend.request(Subjects.ls.runGetMethod, {
      address,
      methodId: requiredMethodId(raw, 'post'),
      stack: v2Stack(raw),
    });
    return {
      gas_used: result.gas_used,
      exit_code: result.exit_code,
      stack: result.stack.map(fromLegacyEntry),
    };
  },
};

export const V2_STYLE_ENDPOINTS: readonly V3Endpoint[] = [
  { name: 'walletInformation', ...walletInformation },
  { name: 'addressInformation', ...addressInformation },
  runGetMethod,
  // Deprecated aliases (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
  { name: 'wallet', deprecated: true, ...walletInformation },
  { name: 'account', deprecated: true, ...addressInformation },
  events,
];
