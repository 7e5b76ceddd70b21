import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toCents } from '@/lib/format-price';

export interface CartItem {
  productId: string;
  name: string;
  /** Decimal string, as the catalog sends it. */
  price: string;
  imageUrl: string;
  quantity: number;
}

export interface CartState {
  items: CartItem[];
  isOpen: boolean;
}

export const CART_STORAGE_KEY = 'kingdom-cart-storage';

const initialState: CartState = { items: [], isOpen: false };

export type CartItemAddedPayload = Omit<CartItem, 'quantity'> & { quantity?: number };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartItemAdded(state, action: PayloadAction<CartItemAddedPayload>) {
      const { quantity = 1, ...product } = action.payload;
      if (quantity <= 0) return;
      const existing = state.items.find((item) => item.productId === product.productId);
      if (existing) existing.quantity += quantity;
      else state.items.push({ ...product, quantity });
    },
    cartQuantityChanged(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      const { productId, quantity } = action.payload;
      if (quantity <= 0) {
        state.items = state.items.filter((item) => item.productId !== productId);
        return;
      }
      const item = state.items.find((i) => i.productId === productId);
      if (item) item.quantity = quantity;
    },
    cartItemRemoved(state, action: PayloadAction<{ productId: string }>) {
      state.items = state.items.filter((item) => item.productId !== action.payload.productId);
    },
    cartCleared(state) {
      state.items = [];
      state.isOpen = false;
    },
    /** Flips the slide-over; pass a boolean to open or close it explicitly. */
    cartToggled(state, action: PayloadAction<boolean | undefined>) {
      state.isOpen = action.payload ?? !state.isOpen;
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartIsOpen: (state) => state.isOpen,
    selectCartCount: (state) => state.items.reduce((sum, item) => sum + item.quantity, 0),
    /** Sum of price × quantity in dollars, added up in whole cents so it carries no floating-point noise. */
    selectCartTotal: (state) => state.items.reduce((cents, item) => cents + lineTotalCents(item), 0) / 100,
  },
});

export const { cartItemAdded, cartQuantityChanged, cartItemRemoved, cartCleared, cartToggled } = cartSlice.actions;
export const { selectCartItems, selectCartIsOpen, selectCartCount, selectCartTotal } = cartSlice.selectors;

export const lineTotalCents = (item: Pick<CartItem, 'price' | 'quantity'>) => toCents(item.price) * item.quantity;

// isOpen is deliberately not persisted: a reload starts with the cart closed.
export function toPersistedCart(state: CartState): Pick<CartState, 'items'> {
  return { items: state.items };
}

export function fromPersistedCart(value: unknown): CartState {
  const items = (value as Partial<CartState> | undefined)?.items;
  if (!Array.isArray(items)) return initialState;
  return { items: items.filter(isCartItem), isOpen: false };
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.productId === 'string' &&
    typeof item.name === 'string' &&
    typeof item.price === 'string' &&
    typeof item.imageUrl === 'string' &&
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}
