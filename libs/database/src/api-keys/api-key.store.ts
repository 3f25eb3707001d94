import { createDataSource } from '../data-source.factory';
import { ApiKeyRepository } from './api-key.repository';

/** The key repository on a small pool of its own, for processes that need nothing else from the database. */
export interface ApiKeyStore {
  readonly keys: ApiKeyRepository;
  close(): Promise<void>;
}

/**
 * Opens the key store at `url` (the gateway, the keys CLI): two connections are plenty, since the
 * gateway reads a key only on a cache miss.
 */
export async function openApiKeyStore(url: string, applicationName: string): Promise<ApiKeyStore> {
  const dataSource = await createDataSource({ url, applicationName, poolSize: 2 }).initialize();
  return {
    keys: new ApiKeyRepository(dataSource),
    close: async () => {
      if (dataSource.isInitialized) {
        await dataSource.destroy();
      }
    },
  };
}
