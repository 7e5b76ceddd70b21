import {
  adminOrderSchema,
  cancelOrderSchema,
  fulfilmentStepSchema,
  fulfilOrderSchema,
  orderNoteSchema,
  OrdersSubjects,
  refundOrderSchema,
  type AdminOrder,
} from '@km/contracts';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin, type AuthedRequest } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiZodBody } from '../http/zod-body';

/** The admin's steps name who took them (the signed-in admin, from the session; never the body). */
const actorOf = (req: AuthedRequest) => req.user!.username;
/** The path's order number joins the body before the contract's schema checks both. */
const withNumber = (orderNumber: string, body: unknown) => ({ ...(body && typeof body === 'object' ? body : {}), orderNumber });

/**
 * One order for staff (ADR 0034, 0035): its detail and timeline, refunds, shipments, cancellation and notes. Each step
 * answers the order as it now stands; personal data, so never cached.
 */
@ApiTags('admin')
@Controller('api/admin/orders/:orderNumber')
export class AdminOrdersController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @RequireAdmin()
  @ApiOperation({ summary: 'The order with its lines, payment intent and charge, refunds, shipments and whole timeline (notes included).' })
  @ApiParam({ name: 'orderNumber', example: 'KM-7Q2M9XKD' })
  get(@Param('orderNumber') orderNumber: string, @Res({ passthrough: true }) res: FastifyReply): Promise<AdminOrder> {
    res.header('Cache-Control', 'no-store');
    return this.rpc.send(OrdersSubjects.getForAdmin, parseOrThrow(adminOrderSchema, { orderNumber }));
  }

  @Post('refunds')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refunds through Stripe by amount and/or by lines ({lineId, quantity, restock}), with a reason. Never more than is left: 409 refund_exceeds_remaining (details.refundable), 409 refund_failed when Stripe refuses, 503 when Stripe does not answer (the refund stays pending and is asked again with the same key).',
  })
  @ApiZodBody(refundOrderSchema)
  refund(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Body() body: unknown): Promise<AdminOrder> {
    const request = parseOrThrow(refundOrderSchema, withNumber(orderNumber, body));
    // Stripe is called on the way, as at checkout: the checkout's deadline.
    return this.rpc.send(OrdersSubjects.refund, { ...request, actor: actorOf(req) }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('fulfilments')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Ships units of physical lines with a carrier (usps, ups, fedex, dhl, other) and tracking number; the buyer is emailed once.' })
  @ApiZodBody(fulfilOrderSchema)
  fulfil(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Body() body: unknown): Promise<AdminOrder> {
    const request = parseOrThrow(fulfilOrderSchema, withNumber(orderNumber, body));
    return this.rpc.send(OrdersSubjects.fulfil, { ...request, actor: actorOf(req) });
  }

  @Post('fulfilments/:fulfilmentId/undo')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Undoes a shipment entered by mistake: its units are to ship again (repeating it answers the same).' })
  undo(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Param('fulfilmentId') fulfilmentId: string): Promise<AdminOrder> {
    return this.step(req, orderNumber, fulfilmentId, 'undo');
  }

  @Post('fulfilments/:fulfilmentId/delivered')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks a shipment delivered (repeating it answers the same).' })
  delivered(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Param('fulfilmentId') fulfilmentId: string): Promise<AdminOrder> {
    return this.step(req, orderNumber, fulfilmentId, 'delivered');
  }

  @Post('cancel')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancels the order: an unpaid one has its payment cancelled at Stripe; a paid one that has not shipped is refunded in full first (restock: true puts its units back).',
  })
  @ApiZodBody(cancelOrderSchema)
  cancel(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Body() body: unknown): Promise<AdminOrder> {
    const request = parseOrThrow(cancelOrderSchema, withNumber(orderNumber, body));
    return this.rpc.send(OrdersSubjects.cancel, { ...request, actor: actorOf(req) }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('notes')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds a staff note to the timeline (never shown to the buyer).' })
  @ApiZodBody(orderNoteSchema)
  note(@Req() req: AuthedRequest, @Param('orderNumber') orderNumber: string, @Body() body: unknown): Promise<AdminOrder> {
    const request = parseOrThrow(orderNoteSchema, withNumber(orderNumber, body));
    return this.rpc.send(OrdersSubjects.addNote, { ...request, actor: actorOf(req) });
  }

  private step(req: AuthedRequest, orderNumber: string, fulfilmentId: string, step: 'undo' | 'delivered'): Promise<AdminOrder> {
    const request = parseOrThrow(fulfilmentStepSchema, { orderNumber, fulfilmentId, step });
    return this.rpc.send(OrdersSubjects.fulfilmentStep, { ...request, actor: actorOf(req) });
  }
}
