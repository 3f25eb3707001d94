import { Module } from '@nestjs/common';

/**
 * The query service: answers the v3 API from PostgreSQL.
 * Its handlers arrive with issue #7; the module already runs alone (mesh mode) and inside the
 * single-process launcher, so deployment, health and metrics are in place before its logic.
 */
@Module({})
export class QueryModule {}
