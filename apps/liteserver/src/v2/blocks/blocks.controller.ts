import { Controller } from '@nestjs/common';

/** `ton.ls.v1.*` handlers of the v2 blocks endpoints. */
@Controller()
export class BlocksController {}
