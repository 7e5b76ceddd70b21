import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { AUTH_STORAGE_KEY, authSlice, fromPersistedAuth, toPersistedAuth } from '@/features/auth/auth-slice';
import { CART_STORAGE_KEY, cartSlice, fromPersistedCart, toPersistedCart } from '@/features/cart/cart-slice';
import { readStoredJson, writeStoredJson } from '@/lib/storage';

const rootReducer = combineSlices(authSlice, cartSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore({
  auth: fromPersistedAuth(readStoredJson(AUTH_STORAGE_KEY)),
  cart: fromPersistedCart(readStoredJson(CART_STORAGE_KEY)),
});

// Writes a slice to localStorage only when that slice changed (Redux keeps unchanged slices by reference).
function persistSlice<S>(select: (state: RootState) => S, key: string, serialize: (slice: S) => unknown) {
  let previous = select(store.getState());
  store.subscribe(() => {
    const current = select(store.getState());
    if (current === previous) return;
    previous = current;
    writeStoredJson(key, serialize(current));
  });
}

persistSlice((state) => state.auth, AUTH_STORAGE_KEY, toPersistedAuth);
// Comparing items (not the whole slice) keeps opening and closing the cart from rewriting storage.
persistSlice(
  (state) => state.cart.items,
  CART_STORAGE_KEY,
  (items) => toPersistedCart({ items, isOpen: false }),
);
