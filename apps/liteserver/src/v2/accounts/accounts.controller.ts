import { Controller } from '@nestjs/common';

/** `ton.ls.v1.*` handlers of the v2 accounts endpoints. */
@Controller()
export class AccountsController {}
