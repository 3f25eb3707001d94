/** TON transfers, contract calls and deploys, tick-tock (ton-index-go `ParseRawAction`). */
import { bool, field, opcodeHex, str } from './shared';
import type { Renderer } from './types';

export const BASIC_RENDERERS: Record<string, Renderer> = {
  ton_transfer: (a) => ({
    source: a.source,
    destination: a.destination,
    value: str(a.value),
    value_extra_currencies: a.value_extra_currencies,
    comment: str(field(a.ton_transfer_data, 'content')),
    encrypted: bool(field(a.ton_transfer_data, 'encrypted')),
  }),
  call_contract: (a) => ({
    opcode: opcodeHex(a.opcode),
    source: a.source,
    destination: a.destination,
    value: str(a.value),
    extra_currencies: a.value_extra_currencies,
  }),
  contract_deploy: (a) => ({
    opcode: opcodeHex(a.opcode),
    source: a.source,
    destination: a.destination,
    value: str(a.value),
  }),
  tick_tock: () => ({}),
};
