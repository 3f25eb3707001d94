import { Module } from '@nestjs/common';

/**
 * The sender service: submits messages to several liteservers, estimates fees and tracks pending messages.
 * Its handlers arrive with issue #8; the module already runs alone (mesh mode) and inside the
 * single-process launcher, so deployment, health and metrics are in place before its logic.
 */
@Module({})
export class SenderModule {}
