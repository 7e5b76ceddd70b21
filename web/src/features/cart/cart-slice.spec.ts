import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cartCleared,
  cartItemAdded,
  cartItemRemoved,
  cartQuantityChanged,
  cartSlice,
  cartToggled,
  fromPersistedCart,
  lineTotalCents,
  toPersistedCart,
  type CartItemAddedPayload,
  type CartState,
} from './cart-slice';

const reduce = (state: CartState | undefined, ...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
  actions.reduce((s, action) => cartSlice.reducer(s, action), state ?? cartSlice.getInitialState());

const product = (overrides: Partial<CartItemAddedPayload> = {}): CartItemAddedPayload => ({
  productId: 'p1',
  name: 'Prayer Journal',
  price: '19.99',
  imageUrl: '/media/catalog/journal.webp',
  ...overrides,
});

const selectors = (state: CartState) => {
  const root = { cart: state };
  return {
    count: cartSlice.selectors.selectCartCount(root),
    total: cartSlice.selectors.selectCartTotal(root),
  };
};

describe('cart slice', () => {
  it('adds a new item with quantity 1 by default', () => {
    const state = reduce(undefined, cartItemAdded(product()));
    assert.deepEqual(state.items, [{ ...product(), quantity: 1 }]);
  });

  it('merges the quantity when the same product is added again', () => {
    const state = reduce(undefined, cartItemAdded(product()), cartItemAdded(product({ quantity: 3 })));
    assert.equal(state.items.length, 1);
    assert.equal(state.items[0].quantity, 4);
  });

  it('keeps different products apart and sums count and total', () => {
    const state = reduce(undefined, cartItemAdded(product({ quantity: 2 })), cartItemAdded(product({ productId: 'p2', price: '5.50' })));
    assert.equal(state.items.length, 2);
    assert.deepEqual(selectors(state), { count: 3, total: 45.48 });
  });

  it('adds the total up in cents, without floating-point noise', () => {
    const state = reduce(
      undefined,
      cartItemAdded(product({ price: '0.10' })),
      cartItemAdded(product({ productId: 'p2', price: '0.20' })),
      cartItemAdded(product({ productId: 'p3', price: '19.99', quantity: 3 })),
    );
    assert.equal(selectors(state).total, 60.27);
    assert.equal(lineTotalCents({ price: '19.99', quantity: 3 }), 5997);
  });

  it('has a zero total and count when empty', () => {
    assert.deepEqual(selectors(cartSlice.getInitialState()), { count: 0, total: 0 });
  });

  it('sets a quantity, and removes the item at zero or below', () => {
    const added = reduce(undefined, cartItemAdded(product()), cartItemAdded(product({ productId: 'p2' })));
    assert.equal(reduce(added, cartQuantityChanged({ productId: 'p1', quantity: 5 })).items[0].quantity, 5);
    assert.deepEqual(
      reduce(added, cartQuantityChanged({ productId: 'p1', quantity: 0 })).items.map((i) => i.productId),
      ['p2'],
    );
    assert.deepEqual(
      reduce(added, cartQuantityChanged({ productId: 'p2', quantity: -1 })).items.map((i) => i.productId),
      ['p1'],
    );
  });

  it('removes an item', () => {
    const state = reduce(undefined, cartItemAdded(product()), cartItemRemoved({ productId: 'p1' }));
    assert.deepEqual(state.items, []);
  });

  it('toggles open and closed, or opens explicitly', () => {
    const opened = reduce(undefined, cartToggled());
    assert.equal(opened.isOpen, true);
    assert.equal(reduce(opened, cartToggled()).isOpen, false);
    assert.equal(reduce(opened, cartToggled(true)).isOpen, true);
  });

  it('clearing empties the cart and closes it', () => {
    const state = reduce(undefined, cartItemAdded(product()), cartToggled(true), cartCleared());
    assert.deepEqual(state, { items: [], isOpen: false });
  });

  it('persists items without isOpen and restores only valid items', () => {
    const state = reduce(undefined, cartItemAdded(product()), cartToggled(true));
    const persisted = JSON.parse(JSON.stringify(toPersistedCart(state)));
    assert.deepEqual(Object.keys(persisted), ['items']);
    assert.deepEqual(fromPersistedCart(persisted), { items: state.items, isOpen: false });

    const tampered = { items: [persisted.items[0], { productId: 'x', quantity: 'many' }, null], isOpen: true };
    assert.deepEqual(fromPersistedCart(tampered), { items: state.items, isOpen: false });
    assert.deepEqual(fromPersistedCart(undefined), { items: [], isOpen: false });
    assert.deepEqual(fromPersistedCart('garbage'), { items: [], isOpen: false });
  });
});
