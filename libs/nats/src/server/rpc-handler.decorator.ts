import { queueGroupFor, type RequestSubject } from '@app/contracts';
import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

import { RPC_SUBJECT_METADATA } from '../nats.constants';

/**
 * Marks a controller method as the handler of a request subject. It joins the queue group of the
 * subject's service (`ton.ls.*` → `liteserver`), so replicas share the work even when several
 * apps' modules run in one process, and lets RpcContextInterceptor validate the request and the
 * reply against the subject's contract.
 */
export function RpcHandler(subject: RequestSubject): MethodDecorator {
  const queue = queueGroupFor(subject);
  return applyDecorators(
    MessagePattern(subject, queue === undefined ? {} : { queue }),
    SetMetadata(RPC_SUBJECT_METADATA, subject),
  );
}
