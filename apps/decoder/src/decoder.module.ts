import { type DynamicModule, Module } from '@nestjs/common';
import { DECODER_OPTIONS, type DecoderOptions } from './decoder.options';
import { DECODER_PROVIDERS } from './decoder.providers';
import { DecoderService } from './decoder.service';

/**
 * The decoder service: turns what the ingestor stored into traces (and, as it grows, interfaces, token
 * events and actions). Needs the global DatabaseModule.
 */
@Module({})
export class DecoderModule {
  static forRoot(options: DecoderOptions): DynamicModule {
    return {
      module: DecoderModule,
      providers: [
        { provide: DECODER_OPTIONS, useValue: options },
        ...DECODER_PROVIDERS,
        DecoderService,
      ],
      exports: [DecoderService],
    };
  }

  /** Without a database (a v2-only single process): present and idle. */
  static disabled(): DynamicModule {
    return { module: DecoderModule };
  }
}
