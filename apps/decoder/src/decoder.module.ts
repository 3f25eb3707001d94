import { Module } from '@nestjs/common';

/**
 * The decoder service: turns stored transactions into Jetton/NFT/DNS/multisig/vesting data, traces and actions.
 * Its handlers arrive with issue #6; the module already runs alone (mesh mode) and inside the
 * single-process launcher, so deployment, health and metrics are in place before its logic.
 */
@Module({})
export class DecoderModule {}
