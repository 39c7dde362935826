/**
 * An enumeration of the platform as both a type and runtime values: `ItemAvailability.AVAILABLE`
 * is `'AVAILABLE'`, and `ItemAvailability.values` lists every value in the spec's order.
 */
export type Enumeration<V extends string> = { readonly [K in V]: K } & {
  readonly values: readonly V[];
  /** `true` when `value` is one of the values. */
  readonly includes: (value: unknown) => value is V;
};

/** The union of an {@link Enumeration}'s values. */
export type EnumValue<E> = E extends Enumeration<infer V> ? V : never;

/**
 * Defines an {@link Enumeration} from its values. It has no side effect: the module-level calls
 * that define the SDK's enumerations are annotated `@__PURE__`, so an app's bundler drops those
 * the app never uses.
 *
 * @example
 * export const SortOrder = defineEnum(['ASC', 'DESC']);
 * export type SortOrder = EnumValue<typeof SortOrder>;
 */
export function defineEnum<const V extends string>(values: readonly V[]): Enumeration<V> {
  const frozen = Object.freeze([...values]);
  const members = Object.fromEntries(values.map((value) => [value, value])) as { [K in V]: K };
  const enumeration: Enumeration<V> = {
    ...members,
    values: frozen,
    includes: (value: unknown): value is V => frozen.includes(value as V),
  };
  // Frozen in place: `Object.freeze`'s `Readonly<…>` result does not map back onto the generic type.
  Object.freeze(enumeration);
  return enumeration;
}
