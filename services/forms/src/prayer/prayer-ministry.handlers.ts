import {
  FormsSubjects,
  moderateSchema,
  ownerActionSchema,
  prayerQueueSchema,
  prayerSessionNextSchema,
  prayerTokenSchema,
  prayerWallActSchema,
  prayerWallListSchema,
  setPrayerStateSchema,
  teamPrayedSchema,
  type FlagResult,
  type OwnPrayerRequests,
  type PrayedResult,
  type PrayerQueuePage,
  type PrayerWallPage,
  type TeamPrayerRequest,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PrayerMinistryService } from './prayer-ministry.service';

/** NATS patterns of the wall, the team and the requester's page; the gateway has already decided who may call what. */
@Controller()
export class PrayerMinistryHandlers {
  constructor(private readonly ministry: PrayerMinistryService) {}

  @MessagePattern(FormsSubjects.prayerWall.list)
  wall(@Payload() payload: unknown): Promise<PrayerWallPage> {
    const { section, page, type } = parseOrThrow(prayerWallListSchema, payload);
    return this.ministry.wall(section, page, type);
  }

  @MessagePattern(FormsSubjects.prayerWall.prayed)
  prayed(@Payload() payload: unknown): Promise<PrayedResult> {
    const { id, visitor } = parseOrThrow(prayerWallActSchema, payload);
    return this.ministry.prayed(id, visitor);
  }

  @MessagePattern(FormsSubjects.prayerWall.flag)
  flag(@Payload() payload: unknown): Promise<FlagResult> {
    const { id, visitor } = parseOrThrow(prayerWallActSchema, payload);
    return this.ministry.flag(id, visitor);
  }

  @MessagePattern(FormsSubjects.prayerTeam.next)
  next(@Payload() payload: unknown): Promise<{ request: TeamPrayerRequest | null }> {
    return this.ministry.next(parseOrThrow(prayerSessionNextSchema, payload).skip);
  }

  @MessagePattern(FormsSubjects.prayerTeam.prayed)
  teamPrayed(@Payload() payload: unknown): Promise<TeamPrayerRequest> {
    const { id, by, note } = parseOrThrow(teamPrayedSchema, payload);
    return this.ministry.teamPrayed(id, by, note);
  }

  @MessagePattern(FormsSubjects.prayerTeam.queue)
  queue(@Payload() payload: unknown): Promise<PrayerQueuePage> {
    return this.ministry.queue(parseOrThrow(prayerQueueSchema, payload).page);
  }

  @MessagePattern(FormsSubjects.prayerTeam.moderate)
  moderate(@Payload() payload: unknown): Promise<TeamPrayerRequest> {
    const { id, decision, by } = parseOrThrow(moderateSchema, payload);
    return this.ministry.moderate(id, decision, by);
  }

  @MessagePattern(FormsSubjects.prayerTeam.setState)
  setState(@Payload() payload: unknown): Promise<TeamPrayerRequest> {
    const { id, state } = parseOrThrow(setPrayerStateSchema, payload);
    return this.ministry.setState(id, state);
  }

  @MessagePattern(FormsSubjects.prayerOwner.get)
  own(@Payload() payload: unknown): Promise<OwnPrayerRequests> {
    return this.ministry.own(parseOrThrow(prayerTokenSchema, payload).token);
  }

  @MessagePattern(FormsSubjects.prayerOwner.act)
  act(@Payload() payload: unknown): Promise<OwnPrayerRequests> {
    const { token, id, change } = parseOrThrow(ownerActionSchema, payload);
    return this.ministry.act(token, id, change);
  }

  @MessagePattern(FormsSubjects.prayerOwner.unsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<OwnPrayerRequests> {
    return this.ministry.unsubscribe(parseOrThrow(prayerTokenSchema, payload).token);
  }
}
