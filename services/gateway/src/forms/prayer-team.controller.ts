import {
  FormsSubjects,
  moderateBodySchema,
  prayerQueueSchema,
  prayerSessionNextBodySchema,
  setPrayerStateBodySchema,
  teamPrayedBodySchema,
  type PrayerQueuePage,
  type TeamPrayerRequest,
} from '@km/contracts';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequirePrayerTeam, type AuthedRequest } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import type { z } from 'zod';

/** Who did it, from the session (RoleGuard has already required one). */
const teamMember = (req: AuthedRequest) => ({ userId: req.user!.id, username: req.user!.username });

/**
 * The prayer team's area (ADR 0043): admins and staff with the prayer-team role, which opens these routes and no
 * other admin route. Confidential requests are seen here and nowhere public.
 */
@ApiTags('prayer')
@Controller('api/prayer-team')
export class PrayerTeamController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('session/next')
  @RequirePrayerTeam()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The prayer session: the next open request (urgent first, then the least prayed-for, then the oldest), leaving out the ids in skip. {request: null} when none is left.',
  })
  @ApiZodBody(prayerSessionNextBodySchema)
  next(@ZodBody(prayerSessionNextBodySchema) body: z.infer<typeof prayerSessionNextBodySchema>): Promise<{ request: TeamPrayerRequest | null }> {
    return this.rpc.send(FormsSubjects.prayerTeam.next, body);
  }

  @Post('requests/:id/prayed')
  @RequirePrayerTeam()
  @HttpCode(200)
  @ApiOperation({ summary: '"I prayed" from the team: records who and when, with an optional note for the team; a new request becomes praying.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(teamPrayedBodySchema)
  prayed(
    @Param('id') id: string,
    @ZodBody(teamPrayedBodySchema) body: z.infer<typeof teamPrayedBodySchema>,
    @Req() req: AuthedRequest,
  ): Promise<TeamPrayerRequest> {
    return this.rpc.send(FormsSubjects.prayerTeam.prayed, { id, note: body.note, by: teamMember(req) });
  }

  @Get('moderation')
  @RequirePrayerTeam()
  @ApiOperation({ summary: 'The moderation queue: shared requests and praise reports waiting for a decision, and flagged cards (flagged first).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  queue(@Query('page') page: unknown): Promise<PrayerQueuePage> {
    return this.rpc.send(FormsSubjects.prayerTeam.queue, parseOrThrow(prayerQueueSchema, { page }));
  }

  @Post('requests/:id/moderation')
  @RequirePrayerTeam()
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve (onto the wall; clears a flag) or reject (off the wall for good) a shared request.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(moderateBodySchema)
  moderate(
    @Param('id') id: string,
    @ZodBody(moderateBodySchema) body: z.infer<typeof moderateBodySchema>,
    @Req() req: AuthedRequest,
  ): Promise<TeamPrayerRequest> {
    return this.rpc.send(FormsSubjects.prayerTeam.moderate, { id, decision: body.decision, by: teamMember(req) });
  }

  @Patch('requests/:id/state')
  @RequirePrayerTeam()
  @ApiOperation({ summary: "Set a request's state: new, praying, answered or closed." })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(setPrayerStateBodySchema)
  setState(@Param('id') id: string, @ZodBody(setPrayerStateBodySchema) body: z.infer<typeof setPrayerStateBodySchema>): Promise<TeamPrayerRequest> {
    return this.rpc.send(FormsSubjects.prayerTeam.setState, { id, state: body.state });
  }
}
