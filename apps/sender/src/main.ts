import 'reflect-metadata';
import { runMeshService } from '@app/nats';
import { SenderModule } from './sender.module';

/** Mesh mode: the sender service alone, on NATS. */
runMeshService({ service: 'sender', imports: () => [SenderModule] });
