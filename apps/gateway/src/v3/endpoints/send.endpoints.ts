import { Subjects } from '@app/contracts';
import { z } from 'zod';
import {
  type MessageCellBudget,
  messageCellBudget,
  optionalCellBoc,
  requiredCellBoc,
} from '../../v2/params/fees.params';
import {
  type ExternalMessageBoc,
  requiredExternalMessage,
  sent,
} from '../../v2/params/methods.params';
import { optionalBoolean, type RawParams, requiredAddress } from '../../v2/v2-params';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { shared, type V3Field, v3Field, type V3ReadScope } from '../v3-field';
import { invalid, type V3Params } from '../v3-params';

/*
 * POST message and POST estimateFee (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): toncenter
 * proxies them to its v2 API and propagates the v2 status and message, so their fields read the JSON
 * body with the v2 parsers and the sender answers them; only the reply shapes differ (no tonlib
 * `@type`, `message_hash` / `message_hash_norm`).
 */

/** The JSON body field `name` as the v2 parsers read it. */
function bodyOf(p: V3Params, name: string): RawParams {
  return { [name]: p.jsonField(name) };
}

/** Body, code and data are one message: they share its cells (fees.params.ts). */
const MESSAGE_CELLS = Symbol('message cells');

function cells(scope: V3ReadScope): MessageCellBudget {
  return shared(scope, MESSAGE_CELLS, messageCellBudget);
}

/** `boc`: one external message. toncenter's handler words its absence so (with a 401); a 422 here. */
const bocField: V3Field<ExternalMessageBoc> = v3Field(
  z.string().meta({ description: 'One external message, serialized (base64 BoC)' }),
  (p, name) => {
    const raw = bodyOf(p, name);
    const value = raw[name];
    if (value === undefined || value === null || value === '') {
      throw invalid(name, `${name} is required`);
    }
    return requiredExternalMessage(raw, 'post');
  },
);

const Fees = z.object({
  in_fwd_fee: z.number().int(),
  storage_fee: z.number().int(),
  gas_fee: z.number().int(),
  fwd_fee: z.number().int(),
});

export const SEND_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'message',
    verbs: ['POST'],
    fields: { boc: bocField },
    result: z.object({ message_hash: z.string(), message_hash_norm: z.string() }),
    run: async (q, _s, backend) => {
      const info = await sent(backend.request(Subjects.send.bocReturnHash, { boc: q.boc.boc }));
      return { message_hash: info.hash, message_hash_norm: info.hash_norm };
    },
  }),
  defineV3Endpoint({
    name: 'estimateFee',
    verbs: ['POST'],
    fields: {
      address: v3Field(
        z.string().meta({ description: 'Destination account of the message' }),
        (p, name) => requiredAddress(bodyOf(p, name), name, 'post'),
      ),
      body: v3Field(
        z.string().meta({ description: 'Message body (base64 BoC)' }),
        (p, name, scope) => requiredCellBoc(bodyOf(p, name), name, 'post', cells(scope)),
      ),
      init_code: v3Field(
        z.string().meta({ description: 'StateInit code, for a deployment' }).optional(),
        (p, name, scope) => optionalCellBoc(bodyOf(p, name), name, 'post', cells(scope)),
      ),
      init_data: v3Field(
        z.string().meta({ description: 'StateInit data, for a deployment' }).optional(),
        (p, name, scope) => optionalCellBoc(bodyOf(p, name), name, 'post', cells(scope)),
      ),
      ignore_chksig: v3Field(
        z
          .boolean()
          .meta({ description: 'Skip signature checks (default false, as toncenter)' })
          .optional(),
        // toncenter's request struct has `IgnoreChksig bool`: absent is false.
        (p, name) => optionalBoolean(bodyOf(p, name), name, 'post') ?? false,
      ),
    },
    result: z.object({ source_fees: Fees, destination_fees: z.array(Fees) }),
    run: async (q, _s, backend) => {
      const fees = await backend.request(Subjects.send.estimateFee, {
        address: q.address,
        body: q.body,
        initCode: q.init_code,
        initData: q.init_data,
        ignoreChksig: q.ignore_chksig,
      });
      const plain = ({ in_fwd_fee, storage_fee, gas_fee, fwd_fee }: z.infer<typeof Fees>) => ({
        in_fwd_fee,
        storage_fee,
        gas_fee,
        fwd_fee,
      });
      return {
        source_fees: plain(fees.source_fees),
        destination_fees: fees.destination_fees.map(plain),
      };
    },
  }),
];
