import {
  FormsSubjects,
  INBOX_DEFAULT_PAGE_SIZE,
  INBOX_MAX_PAGE_SIZE,
  inboxListQuerySchema,
  setStatusSchema,
  type InboxKind,
  type InboxViews,
  type SetStatusBody,
} from '@km/contracts';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Get, Injectable, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';

/**
 * The admin routes every inbox shares: the list (spec §7), one item, and the status change (ARCHITECTURE §10).
 * RoleGuard runs before any body is read, so signed-out callers get 401 and non-admins 403 whatever they send.
 */
export function inboxRoutes(kind: InboxKind, plural: string) {
  // Typed by the subject map: one of the four admin views (the kind is only known at run time here).
  type View = InboxViews[InboxKind];
  const subjects = FormsSubjects[kind];

  // @Injectable makes TypeScript record the constructor's parameter types, which the subclasses inherit.
  @Injectable()
  class InboxRoutes {
    constructor(readonly rpc: RpcClient) {}

    @Get()
    @RequireAdmin()
    @ApiOperation({
      summary: `One page of the ${plural}, newest first (admin): page 1 unless asked. X-Total-Count carries how many there are in all.`,
    })
    @ApiQuery({ name: 'page', required: false, type: Number, description: '1 by default.' })
    @ApiQuery({ name: 'pageSize', required: false, type: Number, description: `1 to ${INBOX_MAX_PAGE_SIZE}, ${INBOX_DEFAULT_PAGE_SIZE} by default.` })
    async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<View[]> {
      const page = await this.rpc.send(subjects.list, parseOrThrow(inboxListQuerySchema, { page: query.page, pageSize: query.pageSize }));
      res.header('X-Total-Count', String(page.total));
      return page.items;
    }

    @Get(':id')
    @RequireAdmin()
    @ApiOperation({ summary: `One of the ${plural} (admin); 404 for an unknown id.` })
    @ApiParam({ name: 'id', format: 'uuid' })
    get(@Param('id') id: string): Promise<View> {
      return this.rpc.send(subjects.get, { id });
    }

    @Patch(':id')
    @RequireAdmin()
    @ApiOperation({ summary: `Change the status of one of the ${plural} (admin); answers the item as it is now.` })
    @ApiParam({ name: 'id', format: 'uuid' })
    @ApiZodBody(setStatusSchema)
    setStatus(@Param('id') id: string, @ZodBody(setStatusSchema) body: SetStatusBody): Promise<View> {
      return this.rpc.send(subjects.setStatus, { id, status: body.status });
    }
  }
  return InboxRoutes;
}
