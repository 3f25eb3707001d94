import {
  ErrorCode,
  type GetAddressInformationRes,
  type GetMasterchainInfoRes,
  type RpcParsedRequest,
  Subjects,
  TonApiError,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { getRequestId } from '@app/observability';
import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';

/** Deterministic replies of the test service (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml shapes). */
export const ZERO_ROOT = 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=';
export const ZERO_FILE = 'XplPz01CXAps5qeSWUtxcyBfdAo5zVb1N979KLSKD24=';

export const masterchainInfo: GetMasterchainInfoRes = {
  '@type': 'blocks.masterchainInfo',
  last: {
    '@type': 'ton.blockIdExt',
    workchain: -1,
    shard: '-9223372036854775808',
    seqno: 49125012,
    root_hash: ZERO_FILE,
    file_hash: ZERO_ROOT,
  },
  state_root_hash: ZERO_ROOT,
  init: {
    '@type': 'ton.blockIdExt',
    workchain: -1,
    shard: '0',
    seqno: 0,
    root_hash: ZERO_ROOT,
    file_hash: ZERO_FILE,
  },
};

export function accountAt(seqno: number): GetAddressInformationRes {
  return {
    '@type': 'raw.fullAccountState',
    balance: '2145030516',
    extra_currencies: [],
    code: '',
    data: '',
    last_transaction_id: {
      '@type': 'internal.transactionId',
      lt: '58117281000003',
      hash: ZERO_ROOT,
    },
    block_id: { ...masterchainInfo.last, seqno },
    frozen_hash: '',
    sync_utime: 1753100000,
    state: 'uninitialized',
    suspended: false,
  };
}

/** Raw addresses selecting a behaviour of the test handler. */
export const addr = (n: number): string => `0:${n.toString(16).padStart(64, '0')}`;
export const Behaviour = {
  ok: addr(1),
  codedError: addr(2),
  crash: addr(3),
  slow: addr(4),
  bigint: addr(5),
  missingField: addr(6),
  huge: addr(7),
} as const;

/** An account state of about 3 MiB: three times NATS's default max_payload. */
export function hugeAccount(): GetAddressInformationRes {
  const code = Buffer.alloc(2.3 * 1024 * 1024, 'cells of a large contract').toString('base64');
  return { ...accountAt(1), code };
}

export interface ServedCall {
  server: string;
  requestId: string | undefined;
  seqno: number | undefined;
}

const SERVER_NAME = Symbol('SERVER_NAME');
const SERVED = Symbol('SERVED');

@Controller()
class TestLiteserverController {
  constructor(
    @Inject(SERVER_NAME) private readonly server: string,
    @Inject(SERVED) private readonly served: ServedCall[],
  ) {}

  @RpcHandler(Subjects.ls.getMasterchainInfo)
  masterchainInfo(): GetMasterchainInfoRes {
    this.served.push({ server: this.server, requestId: getRequestId(), seqno: undefined });
    return masterchainInfo;
  }

  @RpcHandler(Subjects.ls.getAddressInformation)
  async addressInformation(
    @Payload() req: RpcParsedRequest<typeof Subjects.ls.getAddressInformation>,
  ): Promise<unknown> {
    await Promise.resolve();
    this.served.push({ server: this.server, requestId: getRequestId(), seqno: req.seqno });
    switch (req.address) {
      case Behaviour.codedError:
        throw new TonApiError(ErrorCode.LITESERVER_TIMEOUT, 'liteserver 10.0.0.1:4924 timed out', {
          details: { server: 0 },
        });
      case Behaviour.crash:
        throw new Error('boom while talking to 10.1.2.3:4924');
      case Behaviour.slow:
        await new Promise((resolve) => setTimeout(resolve, 400));
        return accountAt(req.seqno ?? 1);
      case Behaviour.bigint:
        return { ...accountAt(1), balance: 2145030516n };
      case Behaviour.huge:
        return hugeAccount();
      case Behaviour.missingField: {
        const { suspended: _omitted, ...rest } = accountAt(1);
        return rest;
      }
      default:
        return accountAt(req.seqno ?? 1);
    }
  }
}

/** A liteserver-like test service named `server`, recording every call in `served`. */
@Module({})
export class TestLiteserverModule {
  static forRoot(server: string, served: ServedCall[]): DynamicModule {
    return {
      module: TestLiteserverModule,
      controllers: [TestLiteserverController],
      providers: [
        { provide: SERVER_NAME, useValue: server },
        { provide: SERVED, useValue: served },
      ],
    };
  }
}
