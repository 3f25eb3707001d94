import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectNats, NATS_CONNECTION, NatsConnectionModule } from '@app/nats';
import { natsUrl, uniqueName } from '@app/testing';
import { Inject, Injectable, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NatsConnection } from '@nats-io/transport-node';
import { PrivateNatsRun } from '../../support/private-nats.support';

const LAST_EVENT_SUBJECT = uniqueName('nats_connection_last_event');

/** A service as the apps write them: the connection injected optionally, used until it stops. */
@Injectable()
class EventsUser implements OnApplicationShutdown {
  /** Whether the connection was still open when this service stopped. */
  openAtShutdown: boolean | undefined;

  constructor(@Optional() @Inject(NATS_CONNECTION) readonly nats?: NatsConnection) {}

  onApplicationShutdown(): void {
    this.openAtShutdown = this.nats === undefined ? undefined : !this.nats.isClosed();
    // A last event published while stopping must still reach the server.
    this.nats?.publish(LAST_EVENT_SUBJECT, 'bye');
  }
}

@Injectable()
class OtherUser {
  constructor(@Optional() @Inject(NATS_CONNECTION) readonly nats?: NatsConnection) {}
}

@Module({ providers: [EventsUser, OtherUser] })
class ServicesModule {}

void describe('NatsConnectionModule (the one NATS connection of a process)', () => {
  void it('gives every service the same connection and drains it after they stopped', async () => {
    @Module({
      imports: [
        NatsConnectionModule.forRoot({ natsUrl: natsUrl(), name: 'nats-connection-test' }),
        ServicesModule,
      ],
    })
    class ProcessModule {}

    const watcher = await connectNats({ servers: natsUrl().split(',') });
    const lastEvent = watcher.subscribe(LAST_EVENT_SUBJECT, { max: 1 });
    await watcher.flush();

    const app = await NestFactory.createApplicationContext(ProcessModule, { logger: false });
    const nats = app.get(EventsUser).nats;
    assert.ok(nats !== undefined);
    assert.equal(app.get(OtherUser).nats, nats);
    assert.equal(nats.isClosed(), false);

    await app.close();
    assert.equal(app.get(EventsUser).openAtShutdown, true);
    assert.equal(nats.isClosed(), true);
    const received: string[] = [];
    for await (const message of lastEvent) {
      received.push(message.string());
    }
    assert.deepEqual(received, ['bye']);
    await watcher.close();
  });

  void it('closes the connection at shutdown while NATS is down, instead of waiting for it', async () => {
    const run = await PrivateNatsRun.start('nats-connection-down-');
    @Module({
      imports: [
        NatsConnectionModule.forRoot({ natsUrl: run.nats.url, name: 'nats-connection-down-test' }),
        ServicesModule,
      ],
    })
    class ProcessModule {}

    const app = await NestFactory.createApplicationContext(ProcessModule, { logger: false });
    const nats = app.get(EventsUser).nats;
    assert.ok(nats !== undefined);
    await run.nats.stop();
    await app.close();
    assert.equal(nats.isClosed(), true);
    await run.close();
  });

  void it('provides no connection without a NATS URL: services take their in-memory path', async () => {
    @Module({
      imports: [NatsConnectionModule.forRoot({ natsUrl: '', name: 'unused' }), ServicesModule],
    })
    class InProcessModule {}

    const app = await NestFactory.createApplicationContext(InProcessModule, { logger: false });
    assert.equal(app.get(EventsUser).nats, undefined);
    await app.close();
    assert.equal(app.get(EventsUser).openAtShutdown, undefined);
  });
});
