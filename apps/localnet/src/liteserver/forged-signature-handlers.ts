import { type LiteApiSchema } from '@app/ton';

import { Codecs } from '../lite-api/lite-api-schema';
import { type LiteApiFunctionName } from '../lite-api/lite-api-handler';
import { type Forger, forgingHandlers, rewrite } from './lying-handlers';

/** The set with the first signature's first byte changed: one validator's signature no longer verifies. */
function withOneForgedSignature(
  set: LiteApiSchema.liteServer_SignatureSet,
): LiteApiSchema.liteServer_SignatureSet {
  return {
    ...set,
    signatures: set.signatures.map((s, i) => {
      if (i !== 0) {
        return s;
      }
      const signature = Buffer.from(s.signature);
      signature[0] = (signature[0] ?? 0) ^ 0xff;
      return { ...s, signature };
    }),
  };
}

/**
 * The handlers of a liteserver whose block proofs carry one forged validator signature: each forward
 * link of getBlockProof has its first signature changed (ordinary or Simplex set alike), everything
 * else is the honest answer. Only a client that checks every signature of the set notices.
 */
export const FORGED_SIGNATURE_HANDLERS = forgingHandlers(
  new Map<LiteApiFunctionName, Forger>([
    [
      'liteServer.getBlockProof',
      rewrite(Codecs.liteServer_PartialBlockProof, (proof) => ({
        ...proof,
        steps: proof.steps.map((step) =>
          step.kind === 'liteServer.blockLinkForward'
            ? { ...step, signatures: withOneForgedSignature(step.signatures) }
            : step,
        ),
      })),
    ],
  ]),
);
