import {
  address,
  cell,
  coins,
  maybeCell,
  rest,
  uint,
  uint256,
  uint32,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** Cocoon (confidential compute network): root, proxies, workers and clients (its Tolk structs). */
export const COCOON = {
  // ReturnExcessesBack#2565934c queryId:uint64 ... (layout after the query id not modelled)
  return_excesses_back: tlb('cocoon_return_excesses_back', 0x2565934c, { query_id: uint64, rest }),
  // Payout#c59a7cd3 queryId:uint64 ...
  payout: tlb('cocoon_payout', 0xc59a7cd3, { query_id: uint64, rest }),
  // WorkerProxyRequest#4d725d2c queryId:uint64 ownerAddress:address state:uint2 tokens:uint64
  //   payload:(Maybe ^Cell)
  worker_proxy_request: tlb('cocoon_worker_proxy_request', 0x4d725d2c, {
    query_id: uint64,
    owner_address: address,
    state: uint(2),
    tokens: uint64,
    payload: maybeCell,
  }),
  // ClientProxyRequest#65448ff4 queryId:uint64 ownerAddress:address stateData:^Cell
  //   payload:(Maybe ^Cell)
  client_proxy_request: tlb('cocoon_client_proxy_request', 0x65448ff4, {
    query_id: uint64,
    owner_address: address,
    state_data: cell,
    payload: maybeCell,
  }),
  // ClientProxyRefundGranted#c68ebc7b coins:Coins sendExcessesTo:address
  client_proxy_refund_granted: tlb('cocoon_client_proxy_refund_granted', 0xc68ebc7b, {
    coins,
    send_excesses_to: address,
  }),
  // PayoutPayload#a040ad28 queryId:uint64 newTokens:uint64 expectedMyAddress:address
  payout_payload: tlb('cocoon_payout_payload', 0xa040ad28, {
    query_id: uint64,
    new_tokens: uint64,
    expected_my_address: address,
  }),
  // LastPayoutPayload#f5f26a36 queryId:uint64 newTokens:uint64 expectedMyAddress:address
  last_payout_payload: tlb('cocoon_last_payout_payload', 0xf5f26a36, {
    query_id: uint64,
    new_tokens: uint64,
    expected_my_address: address,
  }),
  // RegisterProxy#927c7cb5 queryId:uint64 proxyInfo:RemainingBitsAndRefs
  register_proxy: tlb('cocoon_register_proxy', 0x927c7cb5, { query_id: uint64, proxy_info: rest }),
  // UnregisterProxy#6d49eaf2 queryId:uint64 seqno:uint32
  unregister_proxy: tlb('cocoon_unregister_proxy', 0x6d49eaf2, { query_id: uint64, seqno: uint32 }),
  // ExtProxyPayoutRequest#7610e6eb queryId:uint64 sendExcessesTo:address
  ext_proxy_payout_request: tlb('cocoon_ext_proxy_payout_request', 0x7610e6eb, {
    query_id: uint64,
    send_excesses_to: address,
  }),
  // ExtClientTopUp#f172e6c2 queryId:uint64 topUpAmount:coins sendExcessesTo:address
  ext_client_top_up: tlb('cocoon_ext_client_top_up', 0xf172e6c2, {
    query_id: uint64,
    top_up_amount: coins,
    send_excesses_to: address,
  }),
  // OwnerClientRegister#c45f9f3b queryId:uint64 nonce:uint64 sendExcessesTo:address
  owner_client_register: tlb('cocoon_owner_client_register', 0xc45f9f3b, {
    query_id: uint64,
    nonce: uint64,
    send_excesses_to: address,
  }),
  // OwnerClientChangeSecretHash#a9357034 queryId:uint64 newSecretHash:uint256 sendExcessesTo:address
  owner_client_change_secret_hash: tlb('cocoon_owner_client_change_secret_hash', 0xa9357034, {
    query_id: uint64,
    new_secret_hash: uint256,
    send_excesses_to: address,
  }),
  // OwnerClientIncreaseStake#6a1f6a60 queryId:uint64 newStake:coins sendExcessesTo:address
  owner_client_increase_stake: tlb('cocoon_owner_client_increase_stake', 0x6a1f6a60, {
    query_id: uint64,
    new_stake: coins,
    send_excesses_to: address,
  }),
  // OwnerClientWithdraw#da068e78 queryId:uint64 sendExcessesTo:address
  owner_client_withdraw: tlb('cocoon_owner_client_withdraw', 0xda068e78, {
    query_id: uint64,
    send_excesses_to: address,
  }),
  // OwnerClientRequestRefund#fafa6cc1 queryId:uint64 sendExcessesTo:address
  owner_client_request_refund: tlb('cocoon_owner_client_request_refund', 0xfafa6cc1, {
    query_id: uint64,
    send_excesses_to: address,
  }),
  // ChargePayload#bb63ff93 queryId:uint64 newTokensUsed:uint64 expectedMyAddress:address
  charge_payload: tlb('cocoon_charge_payload', 0xbb63ff93, {
    query_id: uint64,
    new_tokens_used: uint64,
    expected_my_address: address,
  }),
  // GrantRefundPayload#efd711e1 queryId:uint64 newTokensUsed:uint64 expectedMyAddress:address
  grant_refund_payload: tlb('cocoon_grant_refund_payload', 0xefd711e1, {
    query_id: uint64,
    new_tokens_used: uint64,
    expected_my_address: address,
  }),
  // OwnerWalletSendMessage#9c69f376 queryId:uint64 ... (layout after the query id not modelled)
  owner_wallet_send_message: tlb('cocoon_owner_wallet_send_message', 0x9c69f376, {
    query_id: uint64,
    rest,
  }),
};

export const COCOON_SCHEMAS: readonly TlbConstructor[] = Object.values(COCOON);
