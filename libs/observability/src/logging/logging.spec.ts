import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runWithRequestId } from '../request-context';
import { createLogger } from './logger';
import { PinoNestLogger } from './pino-nest-logger';

function capture(): { lines: Record<string, unknown>[]; write: (line: string) => void } {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
}

void describe(createLogger.name, () => {
  void it('writes JSON lines with app, level label and the request id of the async context', async () => {
    const out = capture();
    const sut = createLogger({
      app: 'liteserver',
      level: 'info',
      timestamp: false,
      destination: out,
    });
    sut.info('outside');
    await runWithRequestId('req-1', async () => {
      await Promise.resolve();
      sut.info({ subject: 'ton.ls.v1.getMasterchainInfo' }, 'inside');
    });
    sut.debug('hidden below info');
    assert.deepEqual(out.lines, [
      {
        level: 'info',
        app: 'liteserver',
        msg: 'outside',
      },
      {
        level: 'info',
        app: 'liteserver',
        requestId: 'req-1',
        subject: 'ton.ls.v1.getMasterchainInfo',
        msg: 'inside',
      },
    ]);
  });
});

void describe(PinoNestLogger.name, () => {
  void it('maps Nest calls (message, stack, context) onto pino fields', () => {
    const out = capture();
    const sut = new PinoNestLogger(
      createLogger({ app: 'gateway', level: 'trace', timestamp: false, destination: out }),
    );
    sut.log('Nest application successfully started', 'NestApplication');
    sut.error('handler failed', 'Error: x\n    at y', 'RpcExceptionsHandler');
    sut.warn({ retry: 2 });
    sut.verbose('detail');
    sut.error(new Error('plain'));
    const pick = (l: Record<string, unknown>) => {
      const { app: _a, err: _e, ...rest } = l;
      return rest;
    };
    assert.deepEqual(out.lines.map(pick), [
      { level: 'info', context: 'NestApplication', msg: 'Nest application successfully started' },
      {
        level: 'error',
        context: 'RpcExceptionsHandler',
        stack: 'Error: x\n    at y',
        msg: 'handler failed',
      },
      { level: 'warn', data: { retry: 2 } },
      { level: 'trace', msg: 'detail' },
      { level: 'error', msg: 'plain' },
    ]);
    assert.equal((out.lines[4]?.err as { message: string }).message, 'plain');
  });

  void it('applies Nest log levels as the lowest enabled pino level', () => {
    const out = capture();
    const logger = createLogger({
      app: 'gateway',
      level: 'info',
      timestamp: false,
      destination: out,
    });
    const sut = new PinoNestLogger(logger);
    sut.setLogLevels(['error', 'warn']);
    assert.equal(logger.level, 'warn');
    sut.log('dropped');
    sut.warn('kept');
    assert.deepEqual(
      out.lines.map((l) => l.msg),
      ['kept'],
    );
  });
});
