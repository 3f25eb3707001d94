/**
 * A DeDust-like pool and factory for the local network: only the get-methods an indexer reads of a
 * DeDust v2 pool (get_assets, is_stable, get_reserves, get_trade_fee) and of its factory
 * (get_pool_address), with DeDust's `Asset` layout (https://docs.dedust.io/reference/tlb-schemes:
 * native$0000, jetton$0001 workchain_id:int8 address:uint256). No swaps: the pool's one message adds
 * to its reserves. The code is written for the local network.
 */
export const DEDUST_POOL_FC = String.raw`
#include "stdlib.fc";

const int op::add_reserves = 0x0d0d0001;

;; Data: pool_type:uint1 fee_numerator:uint16 fee_denominator:uint16 reserve1:Coins reserve2:Coins
;;   asset1:^Asset asset2:^Asset
() recv_internal(int msg_value, cell in_msg_full, slice in_msg_body) impure {
  if (slice_bits(in_msg_body) < 32) {
    return ();
  }
  if (in_msg_body~load_uint(32) != op::add_reserves) {
    return ();
  }
  slice ds = get_data().begin_parse();
  int pool_type = ds~load_uint(1);
  int numerator = ds~load_uint(16);
  int denominator = ds~load_uint(16);
  int reserve1 = ds~load_coins();
  int reserve2 = ds~load_coins();
  reserve1 += in_msg_body~load_coins();
  reserve2 += in_msg_body~load_coins();
  cell asset1 = ds~load_ref();
  cell asset2 = ds~load_ref();
  set_data(begin_cell()
    .store_uint(pool_type, 1).store_uint(numerator, 16).store_uint(denominator, 16)
    .store_coins(reserve1).store_coins(reserve2)
    .store_ref(asset1).store_ref(asset2)
    .end_cell());
}

(slice, slice) get_assets() method_id {
  slice ds = get_data().begin_parse();
  ds~skip_bits(33);
  ds~load_coins();
  ds~load_coins();
  cell asset1 = ds~load_ref();
  cell asset2 = ds~load_ref();
  return (asset1.begin_parse(), asset2.begin_parse());
}

int is_stable() method_id {
  return get_data().begin_parse().preload_uint(1);
}

(int, int) get_reserves() method_id {
  slice ds = get_data().begin_parse();
  ds~skip_bits(33);
  int reserve1 = ds~load_coins();
  int reserve2 = ds~load_coins();
  return (reserve1, reserve2);
}

(int, int) get_trade_fee() method_id {
  slice ds = get_data().begin_parse();
  ds~skip_bits(1);
  int numerator = ds~load_uint(16);
  int denominator = ds~load_uint(16);
  return (numerator, denominator);
}
`;

export const DEDUST_FACTORY_FC = String.raw`
#include "stdlib.fc";

;; Data: pool_code:^Cell fee_numerator:uint16 fee_denominator:uint16
() recv_internal(int msg_value, cell in_msg_full, slice in_msg_body) impure {
}

;; The address of the pool of (pool_type, asset1, asset2): the pool code with the initial data a
;; deployment of that pool has (no reserves), in the basechain.
slice get_pool_address(int pool_type, slice asset1, slice asset2) method_id {
  slice ds = get_data().begin_parse();
  cell code = ds~load_ref();
  int numerator = ds~load_uint(16);
  int denominator = ds~load_uint(16);
  cell data = begin_cell()
    .store_uint(pool_type, 1).store_uint(numerator, 16).store_uint(denominator, 16)
    .store_coins(0).store_coins(0)
    .store_ref(begin_cell().store_slice(asset1).end_cell())
    .store_ref(begin_cell().store_slice(asset2).end_cell())
    .end_cell();
  cell init = begin_cell().store_uint(0, 2).store_dict(code).store_dict(data).store_uint(0, 1).end_cell();
  return begin_cell().store_uint(4, 3).store_int(0, 8).store_uint(cell_hash(init), 256).end_cell().begin_parse();
}
`;
