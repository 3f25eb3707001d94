import { Controller } from '@nestjs/common';

/** `ton.ls.v1.*` handlers of the v2 methods endpoints. */
@Controller()
export class MethodsController {}
