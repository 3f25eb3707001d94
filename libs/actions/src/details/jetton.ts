/** Jetton transfer, burn and mint details (ton-index-go `ParseRawAction`). */
import { bool, field, str } from './shared';
import type { Renderer } from './types';

export const JETTON_RENDERERS: Record<string, Renderer> = {
  jetton_transfer: (a) => {
    const d = a.jetton_transfer_data;
    return {
      asset: a.asset,
      sender: a.source,
      receiver: a.destination,
      sender_jetton_wallet: a.source_secondary,
      receiver_jetton_wallet: a.destination_secondary,
      amount: str(a.amount),
      comment: str(field(d, 'comment')),
      is_encrypted_comment: bool(field(d, 'is_encrypted_comment')),
      query_id: str(field(d, 'query_id')),
      response_destination: str(field(d, 'response_destination')),
      custom_payload: str(field(d, 'custom_payload')),
      forward_payload: str(field(d, 'forward_payload')),
      forward_amount: str(field(d, 'forward_amount')),
    };
  },
  jetton_burn: (a) => ({
    owner: a.source,
    owner_jetton_wallet: a.source_secondary,
    asset: a.asset,
    amount: str(a.amount),
  }),
  jetton_mint: (a) => ({
    asset: a.asset,
    receiver: a.destination,
    receiver_jetton_wallet: a.destination_secondary,
    amount: str(a.amount),
    ton_amount: str(a.value),
  }),
};
