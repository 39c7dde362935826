'use client';
/**
 * Adds to the cart from the browser with the official client, on the shopper's tokens from the
 * session cookie: the call goes from the browser to `https://edge.wixapis.com`. On a Catalog V3
 * store the line names the variant of the chosen options (`options.variantId`, even for a product
 * without options: its one variant); on Catalog V1 it names the choices (`options.options`).
 * **Buy now** posts the same line to `/buy-now`, which checks it out alone.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ProductDetail } from '../../../lib/product';
import { parseTokens, SESSION_COOKIE, storeLine, wixClient } from '../../../lib/wix';

function sessionCookie(): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(SESSION_COOKIE.length + 1)) : undefined;
}

/** `catalogReference.options` of a line for these choices; `null` when no variant has them. */
function lineOptions(
  { options, variants }: Pick<ProductDetail, 'options' | 'variants'>,
  chosen: Record<string, string>,
): Record<string, unknown> | undefined | null {
  if (variants) {
    const variant = variants.find((v) =>
      options.every((o) => v.choices[o.name] === chosen[o.name]),
    );
    return variant ? { variantId: variant.id } : null;
  }
  return options.length > 0 ? { options: chosen } : undefined;
}

export function AddToCart({
  productId,
  options,
  variants,
}: { productId: string } & Pick<ProductDetail, 'options' | 'variants'>) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(options.map((o) => [o.name, o.choices[0] ?? ''])),
  );
  const [state, setState] = useState<'idle' | 'adding' | 'failed'>('idle');
  const line = lineOptions(variants ? { options, variants } : { options }, chosen);

  async function add() {
    if (line === null) return;
    setState('adding');
    try {
      const client = wixClient(parseTokens(sessionCookie()));
      await client.currentCart.addToCurrentCart({
        lineItems: [storeLine(productId, line)],
      });
      router.push('/cart');
      router.refresh();
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      {options.map((option) => (
        <label key={option.name}>
          {option.name}{' '}
          <select
            value={chosen[option.name]}
            onChange={(event) => setChosen({ ...chosen, [option.name]: event.target.value })}
          >
            {option.choices.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </label>
      ))}
      <button
        type="button"
        onClick={() => void add()}
        disabled={state === 'adding' || line === null}
      >
        Add to cart
      </button>
      <form action="/buy-now" method="post">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="options" value={JSON.stringify(line ?? {})} />
        <button type="submit" disabled={line === null}>
          Buy now
        </button>
      </form>
      {line === null ? <p role="status">This combination is not sold.</p> : null}
      {state === 'failed' ? <p role="alert">Could not add to the cart.</p> : null}
    </div>
  );
}
