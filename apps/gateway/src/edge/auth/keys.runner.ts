import { type ApiKeyRecord, type ApiKeyRepository, type ApiPlan } from '@app/database';
import { generateApiKey, hashApiKey } from './api-key-secret';
import { type KeysCommand } from './keys.command';

/** What a command printed, and whether running gateways must hear about it. */
export interface KeysOutcome {
  readonly lines: readonly string[];
  readonly changed: boolean;
}

/** A refusal of the store (unknown plan, unknown key, duplicate plan): exit code 1. */
export class KeysCommandError extends Error {
  override readonly name = 'KeysCommandError';
}

function describePlan(plan: ApiPlan): string {
  return (
    `plan ${plan.name}: ${plan.rps} rps, burst ${plan.burst}, networks ${plan.networks.join(',')}, ` +
    `streaming ${plan.streamingConnections} connections / ${plan.streamingAddresses} addresses`
  );
}

function keyRow(key: ApiKeyRecord): string {
  return [
    key.id,
    key.planName,
    key.label ?? '-',
    key.createdAt.toISOString(),
    key.revokedAt?.toISOString() ?? '-',
  ].join('\t');
}

/** Runs one `npm run keys` command against the store. */
export async function runKeysCommand(
  command: KeysCommand,
  keys: ApiKeyRepository,
): Promise<KeysOutcome> {
  switch (command.kind) {
    case 'plans-create':
      return {
        lines: [`created ${describePlan(await keys.createPlan(command))}`],
        changed: true,
      };
    case 'plans-update':
      return {
        lines: [`updated ${describePlan(await keys.updatePlan(command.name, command))}`],
        changed: true,
      };
    case 'plans-list':
      return {
        lines: [
          'id\tname\trps\tburst\tnetworks\tstreaming_connections\tstreaming_addresses',
          ...(await keys.listPlans()).map((p) =>
            [
              p.id,
              p.name,
              p.rps,
              p.burst,
              p.networks.join(','),
              p.streamingConnections,
              p.streamingAddresses,
            ].join('\t'),
          ),
        ],
        changed: false,
      };
    case 'create': {
      const secret = generateApiKey();
      const key = await keys.createKey({
        keyHash: hashApiKey(secret),
        planName: command.plan,
        label: command.label,
      });
      return {
        lines: [
          `created key ${key.id} of plan ${key.planName}${key.label === null ? '' : ` (${key.label})`}`,
          'the key is shown only this once; only its SHA-256 is stored:',
          secret,
        ],
        changed: true,
      };
    }
    case 'list':
      return {
        lines: ['id\tplan\tlabel\tcreated\trevoked', ...(await keys.listKeys()).map(keyRow)],
        changed: false,
      };
    case 'revoke':
    case 'revoke-id': {
      const revoked = await keys.revokeKey(
        command.kind === 'revoke' ? { keyHash: hashApiKey(command.key) } : { keyId: command.id },
      );
      if (revoked === null) {
        throw new KeysCommandError('no such key');
      }
      return { lines: [`revoked key ${revoked.id} of plan ${revoked.planName}`], changed: true };
    }
  }
}
