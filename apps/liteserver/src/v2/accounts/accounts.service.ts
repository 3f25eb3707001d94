import {
  type AccountReadReq,
  type GetExtendedAddressInformationRes,
  type GetTokenDataReq,
  type GetTokenDataRes,
  type GetWalletInformationRes,
} from '@app/contracts';
import { type LiteserverPool } from '@app/liteclient';
import { readAccountSnapshot } from './account-snapshot';
import { toFullAccountState, toWalletInformation } from './accounts.mapper';
import { notJettonOrNft, readTokenData } from './token-data.reader';

/** Live reads behind getWalletInformation, getExtendedAddressInformation and getTokenData. */
export class AccountsReader {
  constructor(private readonly pool: LiteserverPool) {}

  async walletInformation(req: AccountReadReq): Promise<GetWalletInformationRes> {
    const { value } = await this.pool.execute('getWalletInformation', async (client) =>
      toWalletInformation(await readAccountSnapshot(client, req)),
    );
    return value;
  }

  async extendedAddressInformation(req: AccountReadReq): Promise<GetExtendedAddressInformationRes> {
    const { value } = await this.pool.execute('getExtendedAddressInformation', async (client) =>
      toFullAccountState(await readAccountSnapshot(client, req)),
    );
    return value;
  }

  async tokenData(req: GetTokenDataReq): Promise<GetTokenDataRes> {
    // Every get-method runs on one liteserver at one block, so the parts of the answer agree.
    const { value } = await this.pool.execute('getTokenData', async (client) =>
      readTokenData(client, await readAccountSnapshot(client, req)),
    );
    if (!value) {
      throw notJettonOrNft(req.given_address);
    }
    // 2.1 echoes the address in the form the caller gave it.
    return { ...value, address: req.given_address };
  }
}
