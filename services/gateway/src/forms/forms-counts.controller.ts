import { FormsSubjects, type FormsCounts } from '@km/contracts';
import { RpcClient } from '@km/nest-kit';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireAdmin } from '../auth/guards';

@ApiTags('forms')
@Controller('api/forms')
export class FormsCountsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('counts')
  @RequireAdmin()
  @ApiOperation({ summary: "The admin dashboard's four count cards: for each inbox, its total and how many still need attention (new, unread, submitted)." })
  counts(): Promise<FormsCounts> {
    return this.rpc.send(FormsSubjects.counts, {});
  }
}
