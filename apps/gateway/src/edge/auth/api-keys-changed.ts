import { prefixSubject, Subjects } from '@app/contracts';
import { type NatsConnection, type Subscription } from '@nats-io/transport-node';

/**
 * The change broadcast between `npm run keys` and every gateway replica: a core-NATS message on
 * `ton.edge.v1.apiKeys.changed` with no queue group, so every replica hears it and drops its key
 * cache. Core NATS is at-most-once, so a replica that was disconnected also drops its cache when it
 * reconnects, and the cache TTL bounds what a lost message can cost.
 */
export function subscribeApiKeysChanged(
  nc: NatsConnection,
  subjectPrefix: string,
  onChange: (reason: 'broadcast' | 'reconnect') => void,
): { close: () => void } {
  const subscription: Subscription = nc.subscribe(
    prefixSubject(subjectPrefix, Subjects.edge.apiKeysChanged),
    {
      callback: (error) => {
        if (error === null) {
          onChange('broadcast');
        }
      },
    },
  );
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect') {
        onChange('reconnect');
      }
    }
  })();
  return {
    close: () => {
      subscription.unsubscribe();
    },
  };
}

/** Tells every gateway that keys or plans changed; resolves once the server has the message. */
export async function publishApiKeysChanged(
  nc: NatsConnection,
  subjectPrefix: string,
): Promise<void> {
  nc.publish(prefixSubject(subjectPrefix, Subjects.edge.apiKeysChanged), '{}');
  await nc.flush();
}
