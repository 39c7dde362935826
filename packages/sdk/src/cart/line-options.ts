/**
 * What a shopper chose for a cart line (its size, its colour), read from the line's description
 * lines, which the platform fills in the shopper's language.
 */
import type { LineItem } from '../models/cart.js';

/** One chosen option of a cart line. */
export interface LineItemOption {
  /** The option's name, as the shopper reads it ("Size"); `undefined` when the line has none. */
  name: string | undefined;
  /** The choice ("L", "Blue"). */
  value: string;
  /** A colour choice's CSS colour, when the line has one (`#1f6feb`). */
  color?: string;
}

/**
 * The options chosen for `line`, in the platform's order, translated where the platform gave a
 * translation: what to show under the line's name without reading `descriptionLines`.
 *
 * @example
 * lineItemOptions(line).map(({ name, value }) => `${name}: ${value}`).join(' · ') // 'Size: L · Color: Blue'
 */
export function lineItemOptions(line: Pick<LineItem, 'descriptionLines'>): LineItemOption[] {
  const options: LineItemOption[] = [];
  for (const description of line.descriptionLines ?? []) {
    const text = description.plainText ?? description.colorInfo;
    const value = text?.translated ?? text?.original;
    if (!value) continue;
    const option: LineItemOption = {
      name: description.name?.translated ?? description.name?.original,
      value,
    };
    const color = description.colorInfo?.code;
    if (color) option.color = color;
    options.push(option);
  }
  return options;
}
