import { earningsStatementSchema, earningsYearRowsSchema, MembershipSubjects, type EarningsStatement, type EarningsYearRow } from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EarningsStatements } from './earnings-statements';

/** Yearly earnings over NATS (ADR 0061); the gateway has decided whose statement may be read (the member's own, or an admin). */
@Controller()
export class EarningsHandlers {
  constructor(private readonly statements: EarningsStatements) {}

  @MessagePattern(MembershipSubjects.earningsStatement)
  statement(@Payload() payload: unknown): Promise<EarningsStatement> {
    const { memberId, year } = parseOrThrow(earningsStatementSchema, payload);
    return this.statements.statement(memberId, year);
  }

  @MessagePattern(MembershipSubjects.earningsYearRows)
  async yearRows(@Payload() payload: unknown): Promise<{ items: EarningsYearRow[] }> {
    const { year, after, limit } = parseOrThrow(earningsYearRowsSchema, payload);
    return { items: await this.statements.yearRows(year, after, limit) };
  }
}
