import { Controller } from '@nestjs/common';

/** `ton.ls.v1.*` handlers of the v2 transactions endpoints. */
@Controller()
export class TransactionsController {}
