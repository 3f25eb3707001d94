import {
  type AccountReadReq,
  type GetExtendedAddressInformationRes,
  type GetTokenDataReq,
  type GetTokenDataRes,
  type GetWalletInformationRes,
} from '@app/contracts';
import { type LiteserverPool } from '@app/liteclient';
import { answerCache, atSeqno, CACHE_BUDGETS } from '../answer-cache';
import { readAccountSnapshot } from './account-snapshot';
import { toFullAccountState, toWalletInformation } from './accounts.mapper';
import { notJettonOrNft, readTokenData } from './token-data.reader';

/**
 * Live reads behind getWalletInformation, getExtendedAddressInformation and getTokenData. A read at
 * a masterchain seqno is routed to a liteserver that has that block and its answer is cached (the
 * state as of a block never changes); a head read is neither.
 */
export class AccountsReader {
  private readonly wallets = answerCache<GetWalletInformationRes>(CACHE_BUDGETS.walletStates);
  private readonly states = answerCache<GetExtendedAddressInformationRes>(
    CACHE_BUDGETS.extendedStates,
  );
  /** undefined: not a token at that block (answered 409 below, and as immutable as a token). */
  private readonly tokens = answerCache<GetTokenDataRes | undefined>(CACHE_BUDGETS.tokenData);

  constructor(private readonly pool: LiteserverPool) {}

  async walletInformation(req: AccountReadReq): Promise<GetWalletInformationRes> {
    const { value } = await this.pool.execute(
      'getWalletInformation',
      async (client) => toWalletInformation(await readAccountSnapshot(client, req)),
      atSeqno(req.seqno, this.wallets, req.address.toLowerCase()),
    );
    return value;
  }

  async extendedAddressInformation(req: AccountReadReq): Promise<GetExtendedAddressInformationRes> {
    const { value } = await this.pool.execute(
      'getExtendedAddressInformation',
      async (client) => toFullAccountState(await readAccountSnapshot(client, req)),
      atSeqno(req.seqno, this.states, req.address.toLowerCase()),
    );
    return value;
  }

  async tokenData(req: GetTokenDataReq): Promise<GetTokenDataRes> {
    // Every get-method runs on one liteserver at one block, so the parts of the answer agree.
    const { value } = await this.pool.execute(
      'getTokenData',
      async (client) => readTokenData(client, await readAccountSnapshot(client, req)),
      atSeqno(req.seqno, this.tokens, req.address.toLowerCase()),
    );
    if (!value) {
      throw notJettonOrNft(req.given_address);
    }
    // 2.1 echoes the address in the form the caller gave it.
    return { ...value, address: req.given_address };
  }
}
