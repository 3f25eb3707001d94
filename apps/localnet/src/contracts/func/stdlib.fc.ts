/**
 * The TVM primitives the local contracts use, declared with `asm` (func-js ships no stdlib.fc). Each
 * declaration names one TVM instruction from the TVM instruction set; only what the contracts below call is
 * declared.
 */
export const STDLIB_FC = String.raw`
;; Tuples and nulls
forall X -> X first(tuple t) asm "FIRST";
forall X -> X null() asm "PUSHNULL";
int min(int x, int y) asm "MIN";

;; Contract context (c4, c7)
cell get_data() asm "c4 PUSH";
() set_data(cell c) impure asm "c4 POP";
slice my_address() asm "MYADDR";
tuple get_balance() asm "BALANCE";
int my_balance() inline { return get_balance().first(); }

;; Hashes
int cell_hash(cell c) asm "HASHCU";


;; Builders
builder begin_cell() asm "NEWC";
cell end_cell(builder b) asm "ENDC";
builder store_ref(builder b, cell c) asm(c b) "STREF";
builder store_slice(builder b, slice s) asm "STSLICER";
builder store_coins(builder b, int x) asm "STVARUINT16";
builder store_dict(builder b, cell c) asm(c b) "STDICT";
builder store_maybe_ref(builder b, cell c) asm(c b) "STDICT";

;; Slices
slice begin_parse(cell c) asm "CTOS";
() end_parse(slice s) impure asm "ENDS";
(slice, cell) load_ref(slice s) asm(-> 1 0) "LDREF";
cell preload_ref(slice s) asm "PLDREF";
(slice, slice) load_msg_addr(slice s) asm(-> 1 0) "LDMSGADDR";
(slice, int) load_coins(slice s) asm(-> 1 0) "LDVARUINT16";
(slice, cell) load_dict(slice s) asm(-> 1 0) "LDDICT";
(slice, cell) load_maybe_ref(slice s) asm(-> 1 0) "LDOPTREF";
(slice, ()) ~skip_bits(slice s, int len) asm "SDSKIPFIRST";
int slice_bits(slice s) asm "SBITS";
int slice_refs(slice s) asm "SREFS";
int slice_empty?(slice s) asm "SEMPTY";
int equal_slices(slice a, slice b) asm "SDEQ";
(int, int) parse_std_addr(slice s) asm "REWRITESTDADDR";

;; Dictionaries with 256-bit unsigned keys and cell values (HashmapE 256 ^Cell)
(cell, int) udict_get_ref?(cell dict, int key_len, int index) asm(index dict key_len) "DICTUGETREF" "NULLSWAPIFNOT";
cell udict_set_ref(cell dict, int key_len, int index, cell value) asm(value index dict key_len) "DICTUSETREF";
(cell, int) udict_delete?(cell dict, int key_len, int index) asm(index dict key_len) "DICTUDEL";
cell new_dict() asm "NEWDICT";

;; Dictionaries with 8-bit unsigned keys and slice values (Hashmap 8 X)
(slice, int) udict_get?(cell dict, int key_len, int index) asm(index dict key_len) "DICTUGET" "NULLSWAPIFNOT";
(int, slice, int) udict_get_next?(cell dict, int key_len, int pivot) asm(pivot dict key_len -> 1 0 2) "DICTUGETNEXT" "NULLSWAPIFNOT2";

;; Dictionaries with slice keys (HashmapE n X, the key given as bits)
(slice, int) dict_get?(cell dict, int key_len, slice index) asm(index dict key_len) "DICTGET" "NULLSWAPIFNOT";
cell dict_set_builder(cell dict, int key_len, slice index, builder value) asm(value index dict key_len) "DICTSETB";

;; Signatures (ed25519 over the representation hash of a cell)
int check_signature(int hash, slice signature, int public_key) asm "CHKSIGNU";
int slice_hash(slice s) asm "HASHSU";
() accept_message() impure asm "ACCEPT";
int now() asm "NOW";

;; Actions
() send_raw_message(cell msg, int mode) impure asm "SENDRAWMSG";
() raw_reserve(int amount, int mode) impure asm "RAWRESERVE";
`;
