/** One choice of a closed list: the value the API takes and the words people read. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** The choices of `values`, in their order, each with its label; `labels` must name every value. */
export function toOptions<const V extends string>(values: readonly V[], labels: Record<V, string>): readonly Option<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The label of an enumeration value, or the value itself when it is not one we know. */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}
