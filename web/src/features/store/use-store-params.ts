import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { applyStoreChange, parseStoreParams, toStoreParams, type StoreState } from './store-query';

export type StoreChangeOptions = { replace?: boolean };

/** The store page's state, kept in the URL so a page, search or filter can be shared, reloaded and navigated back to. */
export function useStoreParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseStoreParams(params), [params]);

  const update = useCallback(
    (change: Partial<StoreState>, options: StoreChangeOptions = {}) => {
      setParams((current) => toStoreParams(applyStoreChange(parseStoreParams(current), change)), {
        replace: options.replace,
        // Filtering should not jump to the top of the page; the store moves focus itself where it helps.
        preventScrollReset: true,
      });
    },
    [setParams],
  );

  return [state, update] as const;
}
