import {
  findOrderSchema,
  memberOrdersQuerySchema,
  OrdersSubjects,
  viewOrderSchema,
  type BuyerOrder,
  type FindOrderRequest,
  type OrderLookup,
  type OrdersPage,
} from '@km/contracts';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireMember, type AuthedRequest } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { OrderLookupBudgeted } from '../http/budget-guards';

/** The member, from the session only: RequireMember has checked it is there. */
const memberOf = (req: AuthedRequest) => req.user!.memberId!;

/**
 * A buyer's way back to an order (its status page): by the signed link of its emails, by number and email on the lookup
 * form, or from a member's order history. Every refusal is the orders service's not_found, whatever was wrong.
 */
@ApiTags('checkout')
@Controller('api')
export class BuyerOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('order-lookups')
  @Public()
  @HttpCode(200)
  @OrderLookupBudgeted()
  @ApiOperation({
    summary:
      'Find an order by its number and the email it was placed with, in the body so the email stays out of URLs and logs. Answers the order and the key of its status page link (ADR 0036). Every lookup counts against a per-address hourly budget.',
  })
  @ApiZodBody(findOrderSchema)
  @ApiResponse({ status: 200, description: '{order: BuyerOrder, key}' })
  @ApiResponse({ status: 404, description: 'An unknown number and a wrong email get the same answer.' })
  @ApiResponse({ status: 429, description: 'Too many lookups from this address this hour.' })
  lookup(@ZodBody(findOrderSchema) body: FindOrderRequest): Promise<OrderLookup> {
    return this.rpc.send(OrdersSubjects.lookup, body);
  }

  @Post('orders/:orderNumber/view')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "The order a signed link names: the link's key in the body (ADR 0036). 404 for a wrong key, as for an unknown number." })
  @ApiParam({ name: 'orderNumber', example: 'KM-7Q2M9XKD' })
  @ApiZodBody(viewOrderSchema.pick({ key: true }))
  view(@Param('orderNumber') orderNumber: string, @Body() body: unknown): Promise<BuyerOrder> {
    const { key } = (body ?? {}) as { key?: unknown };
    return this.rpc.send(OrdersSubjects.view, parseOrThrow(viewOrderSchema, { orderNumber, key }));
  }

  @Get('member/orders')
  @RequireMember()
  @ApiOperation({ summary: "The signed-in member's orders, newest first (ADR 0037): {items[OrderSummary], total, page, pageSize}." })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 20 by default.' })
  listForMember(@Req() req: AuthedRequest, @Query() query: Record<string, unknown>): Promise<OrdersPage> {
    return this.rpc.send(OrdersSubjects.listForMember, { ...parseOrThrow(memberOrdersQuerySchema, query), memberId: memberOf(req) });
  }

  @Get('member/orders/:orderNumber')
  @RequireMember()
  @ApiOperation({ summary: "One of the signed-in member's orders (ADR 0037); 404 for anyone else's, as for an unknown number." })
  @ApiParam({ name: 'orderNumber', example: 'KM-7Q2M9XKD' })
  findForMember(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string): Promise<BuyerOrder> {
    return this.rpc.send(OrdersSubjects.findForMember, { orderNumber, memberId: memberOf(req) });
  }
}
