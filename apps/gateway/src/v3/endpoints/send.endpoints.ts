import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import { z } from 'zod';
import { messageCellBudget, optionalCellBoc, requiredCellBoc } from '../../v2/params/fees.params';
import { requiredExternalMessage, sent } from '../../v2/params/methods.params';
import { optionalBoolean, type RawParams, requiredAddress } from '../../v2/v2-params';
import { type V3Endpoint } from '../v3-endpoint';
import { type V3Params } from '../v3-params';

/*
 * POST message and POST estimateFee (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): toncenter
 * proxies them to its v2 API and propagates the v2 status and message, so they share the v2 parsers
 * and the sender's answers; only the reply shapes differ (no tonlib `@type`, `message_hash` /
 * `message_hash_norm`).
 */

/** The JSON body fields of `names` as the v2 parsers read them. */
function bodyOf(p: V3Params, names: readonly string[]): RawParams {
  return Object.fromEntries(names.map((name) => [name, p.jsonField(name)]));
}

const Fees = z.object({
  in_fwd_fee: z.number().int(),
  storage_fee: z.number().int(),
  gas_fee: z.number().int(),
  fwd_fee: z.number().int(),
});

const ESTIMATE_FIELDS = ['address', 'body', 'init_code', 'init_data', 'ignore_chksig'] as const;

export const SEND_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'message',
    verbs: ['POST'],
    query: z.object({
      boc: z.string().meta({ description: 'One external message, serialized (base64 BoC)' }),
    }),
    result: z.object({ message_hash: z.string(), message_hash_norm: z.string() }),
    run: async (p, _s, backend) => {
      const raw = bodyOf(p, ['boc']);
      p.rejectUnknown();
      if (raw.boc === undefined || raw.boc === null || raw.boc === '') {
        // toncenter's handler words it so (with a 401); a missing parameter is a 422 here.
        throw new TonApiError(ErrorCode.INVALID_ARGUMENT, 'boc is required', {
          details: { param: 'boc' },
        });
      }
      const message = requiredExternalMessage(raw, 'post');
      const info = await sent(backend.request(Subjects.send.bocReturnHash, { boc: message.boc }));
      return { message_hash: info.hash, message_hash_norm: info.hash_norm };
    },
  },
  {
    name: 'estimateFee',
    verbs: ['POST'],
    query: z.object({
      address: z.string().meta({ description: 'Destination account of the message' }),
      body: z.string().meta({ description: 'Message body (base64 BoC)' }),
      init_code: z.string().meta({ description: 'StateInit code, for a deployment' }).optional(),
      init_data: z.string().meta({ description: 'StateInit data, for a deployment' }).optional(),
      ignore_chksig: z
        .boolean()
        .meta({ description: 'Skip signature checks (default false, as toncenter)' })
        .optional(),
    }),
    result: z.object({ source_fees: Fees, destination_fees: z.array(Fees) }),
    run: async (p, _s, backend) => {
      const raw = bodyOf(p, ESTIMATE_FIELDS);
      p.rejectUnknown();
      // Body, code and data are one message: they share its cells.
      const cells = messageCellBudget();
      const fees = await backend.request(Subjects.send.estimateFee, {
        address: requiredAddress(raw, 'address', 'post'),
        body: requiredCellBoc(raw, 'body', 'post', cells),
        initCode: optionalCellBoc(raw, 'init_code', 'post', cells),
        initData: optionalCellBoc(raw, 'init_data', 'post', cells),
        // toncenter's request struct has `IgnoreChksig bool`: absent is false.
        ignoreChksig: optionalBoolean(raw, 'ignore_chksig', 'post') ?? false,
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
  },
];
