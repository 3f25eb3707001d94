import { Module } from '@nestjs/common';

/**
 * The ingestor service: follows the chain and writes blocks, transactions, messages and account states to PostgreSQL.
 * Its handlers arrive with issue #5; the module already runs alone (mesh mode) and inside the
 * single-process launcher, so deployment, health and metrics are in place before its logic.
 */
@Module({})
export class IngestorModule {}
