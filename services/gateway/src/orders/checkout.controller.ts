import {
  createOrderSchema,
  createPaymentIntentSchema,
  findOrderSchema,
  listOrdersSchema,
  ORDER_STATUSES,
  OrdersSubjects,
  type BuyerOrder,
  type CreateOrderRequest,
  type CreatePaymentIntentRequest,
  type OrdersPage,
  type PaymentIntentQuote,
  type PlacedOrder,
  type PlacedOrderResponse,
} from '@km/contracts';
import { InFlight, parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin, type AuthedRequest } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { CheckoutBudgeted } from '../http/budget-guards';

/** The signed-in member, from the session only: the HTTP schemas drop any `memberId` the browser sends. */
const buyerOf = (req: AuthedRequest) => (req.user?.memberId ? { memberId: req.user.memberId } : {});

/** Checkout (spec §4, §7) and orders. Prices, totals and payment checks all happen in the orders service. */
@ApiTags('checkout')
@Controller('api')
export class CheckoutController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Order posts on their way to orders, by their exact message. A double click's copy waits for the first one's answer
   * and gives its order (created false, so 200) instead of a second trip over the bus (issue 14); orders still decides
   * repeats that reach it (from other gateways) under its own lock.
   */
  private readonly placing = new InFlight<PlacedOrder>();

  @Post('create-payment-intent')
  @Public()
  @HttpCode(200)
  @CheckoutBudgeted()
  @ApiOperation({
    summary:
      'Price the cart from the catalog and get a Stripe PaymentIntent for exactly that total. The same checkoutId and cart give the same intent back. A client amount is ignored. A signed-in member whose subscription is active gets 5 % off the subtotal (memberDiscount).',
  })
  @ApiZodBody(createPaymentIntentSchema)
  @ApiResponse({
    status: 200,
    description: '{clientSecret, paymentIntentId, subtotal, tax, shipping, total, items[{productId, productName, productPrice, quantity, subtotal}]}',
  })
  @ApiResponse({ status: 409, description: 'A product is unknown or out of stock; the message names it.' })
  createPaymentIntent(@Req() req: AuthedRequest, @ZodBody(createPaymentIntentSchema) body: CreatePaymentIntentRequest): Promise<PaymentIntentQuote> {
    return this.rpc.send(OrdersSubjects.createPaymentIntent, { ...body, ...buyerOf(req) }, this.config.checkoutRpcTimeoutMs);
  }

  @Post('orders')
  @Public()
  @CheckoutBudgeted()
  @ApiOperation({
    summary:
      'Create the order for a payment intent (spec §3 payload + paymentIntentId), priced from the catalog. 201 when created; 200 with the same order when this payment intent already has one.',
  })
  @ApiZodBody(createOrderSchema)
  @ApiResponse({ status: 201, description: '{orderNumber, status, subtotal, tax, shipping, total}' })
  @ApiResponse({
    status: 409,
    description: 'A product is unknown or out of stock, or "Your cart changed; please review the total and try again." (details: the new totals).',
  })
  async createOrder(
    @Req() req: AuthedRequest,
    @ZodBody(createOrderSchema) body: CreateOrderRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PlacedOrderResponse> {
    const message = { ...body, ...buyerOf(req) };
    const { value, shared } = await this.placing.run(JSON.stringify(message), () =>
      this.rpc.send(OrdersSubjects.createOrder, message, this.config.checkoutRpcTimeoutMs),
    );
    const { created, ...order } = value;
    res.status(created && !shared ? 201 : 200);
    return order;
  }

  @Get('orders')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Orders, newest first (admin): {items[{orderNumber, status, customerName, customerEmail, total, itemCount, createdAt, paidAt}], total, page, pageSize}.',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 20 by default.' })
  @ApiQuery({ name: 'status', required: false, enum: ORDER_STATUSES })
  list(@Query() query: Record<string, unknown>): Promise<OrdersPage> {
    return this.rpc.send(OrdersSubjects.list, parseOrThrow(listOrdersSchema, query));
  }

  @Get('orders/:orderNumber')
  @Public()
  @ApiOperation({ summary: "The buyer's order (lines, totals, status, shipping address) when the email matches the order's; 404 otherwise." })
  @ApiParam({ name: 'orderNumber', example: 'KM-7Q2M9XKD' })
  @ApiQuery({ name: 'email', required: true, description: 'The email address the order was placed with (any letter case).' })
  findForBuyer(@Param('orderNumber') orderNumber: string, @Query('email') email: unknown): Promise<BuyerOrder> {
    return this.rpc.send(OrdersSubjects.findForBuyer, parseOrThrow(findOrderSchema, { orderNumber, email }));
  }
}
