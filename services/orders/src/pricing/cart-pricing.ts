import { MembershipSubjects, type PricedLine, type Totals } from '@km/contracts';
import { AppError, ConflictError, RpcClient } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { CatalogPrices } from './catalog-prices.service';
import { cartTotals, formatCents, MAX_CHARGE_CENTS, toCents } from './money';

export interface CartLineInput {
  productId: string;
  quantity: number;
  /** The name the browser showed, used only to name a product the catalog no longer knows. */
  productName?: string;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: Totals;
  totalCents: number;
  /** The member who got the discount; null when no discount applied. */
  memberId: string | null;
  /** Identifies the priced cart (products, quantities, unit prices): same cart and prices, same fingerprint. */
  fingerprint: string;
  /** Products of the cart that need no shipping (services), for the order's lines (ADR 0034). */
  unshipped: string[];
}

interface Unavailable {
  productId: string;
  name: string | null;
  reason: 'unknown' | 'out_of_stock';
}

const quoted = (name: string) => `"${name}"`;

/**
 * Prices a cart from the catalog's prices (this replica's copy of them, ADR 0022; never from what the browser says)
 * with spec §9's tax and shipping.
 */
@Injectable()
export class CartPricing {
  constructor(
    private readonly rpc: RpcClient,
    private readonly catalog: CatalogPrices,
  ) {}

  /** `memberId` is the signed-in member (from the gateway's session, never the browser); membership says whether they get the discount. */
  async price(items: CartLineInput[], memberId?: string): Promise<PricedCart> {
    const [found, discountPercent] = await Promise.all([
      this.catalog.find(items.map((i) => i.productId)),
      memberId ? this.rpc.send(MembershipSubjects.discount, { memberId }).then((d) => d.percent) : Promise.resolve(0),
    ]);
    const byId = new Map(found.map((item) => [item.id, item]));
    const unavailable: Unavailable[] = [];
    for (const item of items) {
      const product = byId.get(item.productId);
      if (!product) unavailable.push({ productId: item.productId, name: item.productName ?? null, reason: 'unknown' });
      // A tracked product's count is decided by its reservation (ADR 0032); this copy may be older than it.
      else if (!product.inStock && (product.stockQuantity ?? null) === null)
        unavailable.push({ productId: item.productId, name: product.name, reason: 'out_of_stock' });
    }
    if (unavailable.length > 0) throw new ConflictError('product_unavailable', unavailableMessage(unavailable), { unavailable });

    const priced = items.map((item) => ({ item, product: byId.get(item.productId)!, unitCents: toCents(byId.get(item.productId)!.price) }));
    const totals = cartTotals(
      priced.map(({ unitCents, item }) => ({ unitCents, quantity: item.quantity })),
      discountPercent,
    );
    if (totals.total > MAX_CHARGE_CENTS) {
      throw new AppError(
        'invalid',
        `The order total of ${formatCents(totals.total)} is more than one card payment can take (999999.99). Please split it into smaller orders.`,
      );
    }
    const lines: PricedLine[] = priced.map(({ item, product, unitCents }, i) => ({
      productId: product.id,
      productName: product.name,
      productPrice: formatCents(unitCents),
      quantity: item.quantity,
      subtotal: formatCents(totals.lineTotals[i]),
    }));
    return {
      lines,
      totals: {
        subtotal: formatCents(totals.subtotal),
        ...(totals.discount > 0 ? { memberDiscount: formatCents(totals.discount) } : {}),
        tax: formatCents(totals.tax),
        shipping: formatCents(totals.shipping),
        total: formatCents(totals.total),
      },
      totalCents: totals.total,
      memberId: totals.discount > 0 ? memberId! : null,
      fingerprint: cartFingerprint(lines),
      unshipped: priced.filter(({ product }) => product.kind === 'service').map(({ product }) => product.id),
    };
  }
}

/** Order-independent hash of (product, quantity, unit price) lines. */
export function cartFingerprint(lines: Pick<PricedLine, 'productId' | 'quantity' | 'productPrice'>[]): string {
  const canonical = lines.map((l) => [l.productId, l.quantity, l.productPrice]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 32);
}

function unavailableMessage(unavailable: Unavailable[]): string {
  const sentences = unavailable.map(({ productId, name, reason }) =>
    reason === 'out_of_stock'
      ? `${quoted(name!)} is out of stock.`
      : name
        ? `${quoted(name)} is no longer sold.`
        : `The product with id ${productId} is no longer sold.`,
  );
  return `${sentences.join(' ')} Remove ${unavailable.length === 1 ? 'it' : 'them'} from your cart to continue.`;
}
