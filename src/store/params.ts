/**
 * URL parameters as one declarative table: per field, its name in the URL, how to read it, how to write it, and
 * its default. Reading (`readParams`) and writing (`writeParams`) both walk the same table, so a parameter cannot be
 * read one way and written another. The app's view (./url.ts) and the lab (./labUrl.ts) each own rows of it.
 *
 * Contract: pure, never throws. `parse(raw)` returns the value or undefined (refused: named in `rejected` as
 * `name=value`, the value cut to 60 characters unless the caller says otherwise, never guessed); a list row may take
 * its known items and name the others (`refused(raw)`, each as `name=item`). `serialize(value)` gives the text; a value whose text equals
 * its default's, or a row whose `when(values)` is false, is left out of the URL. Writing keeps every parameter of
 * the current search string that the table does not own, in place. Round trip: readParams(writeParams(v)) equals v
 * up to defaults. The embed's rows (src/embed/options.ts) are a third table of the same kind.
 */
export interface ParamSpec<T, All> {
  /** The parameter's name in the URL. */
  name: string;
  parse(raw: string): T | undefined;
  serialize(value: T): string;
  /** Written only when it differs from this (absent: written whenever set). */
  default?: T;
  /** Written only when this holds of all the values (a tour's step only with its tour). */
  when?: (values: All) => boolean;
  /** The items of `raw` that `parse` left out of a value it took (a list's unknown items): each named in `rejected`. */
  refused?: (raw: string) => string[];
}

/** One row per field of T. */
export type ParamTable<T> = { readonly [K in keyof T]-?: ParamSpec<NonNullable<T[K]>, T> };

export function readParams<T>(table: ParamTable<T>, search: string, cut = 60): { values: T; rejected: string[] } {
  const params = new URLSearchParams(search);
  const values: Partial<Record<keyof T, unknown>> = {};
  const rejected: string[] = [];
  for (const key of Object.keys(table) as (keyof T)[]) {
    const spec = table[key];
    const raw = params.get(spec.name);
    if (raw === null) continue;
    const value = spec.parse(raw);
    if (value === undefined) rejected.push(`${spec.name}=${raw.slice(0, cut)}`);
    else {
      values[key] = value;
      for (const item of spec.refused?.(raw) ?? []) rejected.push(`${spec.name}=${item.slice(0, cut)}`);
    }
  }
  return { values: values as T, rejected };
}

/** `values` with every absent field that has a default in `table` set to it. */
export function withDefaults<T>(table: ParamTable<T>, values: T): T {
  const out: Partial<Record<keyof T, unknown>> = { ...values };
  for (const key of Object.keys(table) as (keyof T)[]) {
    const fallback = table[key].default;
    if (out[key] === undefined && fallback !== undefined) out[key] = fallback;
  }
  return out as T;
}

/** The URL names of a table's rows, in the table's order. */
export const paramNames = <T>(table: ParamTable<T>): string[] => (Object.keys(table) as (keyof T)[]).map((key) => table[key].name);

/** The search string (with `?`, or '' when empty) for `values`, keeping the parameters of `current` not in the table. */
export function writeParams<T>(table: ParamTable<T>, values: T, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of Object.keys(table) as (keyof T)[]) {
    const spec = table[key] as ParamSpec<unknown, T>;
    const value = values[key];
    const text = value === undefined || value === null ? undefined : spec.serialize(value);
    const omitted = text === undefined || (spec.default !== undefined && text === spec.serialize(spec.default)) || (spec.when !== undefined && !spec.when(values));
    if (omitted) params.delete(spec.name);
    else params.set(spec.name, text);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

// -- row helpers ---------------------------------------------------------------------------------------------------
/** 1 / true and 0 / false. */
export const flag = <All>(name: string, defaultValue = false): ParamSpec<boolean, All> => ({
  name,
  parse: (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : undefined),
  serialize: (on) => (on ? '1' : '0'),
  default: defaultValue,
});

/** One of a fixed list of strings. */
export const oneOf = <V extends string, All>(name: string, values: readonly V[]): ParamSpec<V, All> => ({
  name,
  parse: (v) => ((values as readonly string[]).includes(v) ? (v as V) : undefined),
  serialize: (v) => v,
});

/** A whole number matching `pattern` (digits, maybe a sign) and at least `min`. */
export const integer = <All>(name: string, pattern: RegExp, min = -Infinity, defaultValue?: number): ParamSpec<number, All> => ({
  name,
  parse: (v) => (pattern.test(v) && Number(v) >= min ? Number(v) : undefined),
  serialize: String,
  ...(defaultValue !== undefined && { default: defaultValue }),
});
