import { clsx } from 'clsx';
import { LayoutGrid, List, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { inputClasses } from '@/components/ui/field';
import { categoriesFor, KIND_LABELS, type CatalogKind } from '../catalog';
import { SORT_OPTIONS, type CatalogSort, type StoreState, type StoreView } from '../store-query';
import { SearchBox } from './search-box';

interface StoreToolbarProps {
  state: StoreState;
  onChange: (change: Partial<StoreState>, options?: { replace?: boolean }) => void;
  onSearch: (q: string) => void;
}

const KINDS: CatalogKind[] = ['product', 'service'];

export function StoreToolbar({ state, onChange, onSearch }: StoreToolbarProps) {
  const sortId = useId();
  const { many } = KIND_LABELS[state.kind];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ToggleGroup label="Show">
          {KINDS.map((kind) => (
            <ToggleButton key={kind} pressed={state.kind === kind} onClick={() => onChange({ kind })}>
              {KIND_LABELS[kind].many}
            </ToggleButton>
          ))}
        </ToggleGroup>
        <ToggleGroup label="Layout">
          <ViewButton view="grid" icon={LayoutGrid} label="Grid view" current={state.view} onChange={onChange} />
          <ViewButton view="list" icon={List} label="List view" current={state.view} onChange={onChange} />
        </ToggleGroup>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {/* Remounts per kind, so a search still waiting to be sent is dropped along with the old kind. */}
        <SearchBox key={state.kind} label={`Search ${many.toLowerCase()}`} value={state.q} onSearch={onSearch} />
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-slate-700">
            Sort by
          </label>
          <select
            id={sortId}
            value={state.sort}
            onChange={(event) => onChange({ sort: event.target.value as CatalogSort })}
            className={clsx(inputClasses, 'sm:w-52')}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
        {[null, ...categoriesFor(state.kind)].map((category) => (
          <button
            key={category ?? 'all'}
            type="button"
            aria-pressed={state.category === category}
            onClick={() => onChange({ category })}
            className={clsx(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
              state.category === category ? 'border-indigo-900 bg-indigo-900 text-white' : 'border-indigo-200 bg-white text-indigo-900 hover:bg-indigo-50',
            )}
          >
            {category ?? 'All'}
          </button>
        ))}
      </div>
    </div>
  );
}

function ToggleGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-indigo-200 bg-white p-1">
      {children}
    </div>
  );
}

function ToggleButton({
  pressed,
  onClick,
  children,
  className,
  ariaLabel,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
  ariaLabel?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={ariaLabel}
      onClick={onClick}
      className={clsx(
        'inline-flex h-9 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
        pressed ? 'bg-indigo-900 text-white' : 'text-indigo-900 hover:bg-indigo-50',
        className,
      )}
    >
      {children}
    </button>
  );
}

function ViewButton({
  view,
  icon: Icon,
  label,
  current,
  onChange,
}: {
  view: StoreView;
  icon: LucideIcon;
  label: string;
  current: StoreView;
  onChange: StoreToolbarProps['onChange'];
}) {
  return (
    <ToggleButton pressed={current === view} onClick={() => onChange({ view }, { replace: true })} ariaLabel={label} className="px-2.5">
      <Icon className="size-4" aria-hidden />
    </ToggleButton>
  );
}
