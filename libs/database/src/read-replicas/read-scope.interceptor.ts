import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { ReadRouter } from './read-router';

/**
 * Runs each handler of a read-only controller inside `ReadRouter.read()`: all its queries on one
 * server (a read replica when one serves), and again on the primary when that replica turns out to
 * be down. Put on the controllers of the v3 API (`@UseInterceptors(ReadScopeInterceptor)`), never on
 * a handler that writes.
 */
@Injectable()
export class ReadScopeInterceptor implements NestInterceptor {
  constructor(@Inject(ReadRouter) private readonly router: ReadRouter) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // next.handle() inside read(): Nest binds the handler to the async context it is called in, and
    // each call runs the handler anew (the retry on the primary).
    return defer(() => this.router.read(() => lastValueFrom(next.handle())));
  }
}
