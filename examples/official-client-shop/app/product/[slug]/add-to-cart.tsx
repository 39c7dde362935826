'use client';
/**
 * Adds to the cart from the browser with the official client, on the shopper's tokens from the
 * session cookie: the call goes from the browser to `https://edge.wixapis.com`.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { parseTokens, SESSION_COOKIE, STORES_APP_ID, wixClient } from '../../../lib/wix';

function sessionCookie(): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(SESSION_COOKIE.length + 1)) : undefined;
}

export function AddToCart({
  productId,
  options,
}: {
  productId: string;
  options: { name: string; choices: string[] }[];
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(options.map((o) => [o.name, o.choices[0] ?? ''])),
  );
  const [state, setState] = useState<'idle' | 'adding' | 'failed'>('idle');

  async function add() {
    setState('adding');
    try {
      const client = wixClient(parseTokens(sessionCookie()));
      await client.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: {
              appId: STORES_APP_ID,
              catalogItemId: productId,
              ...(options.length > 0 ? { options: { options: chosen } } : {}),
            },
            quantity: 1,
          },
        ],
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
      <button type="button" onClick={() => void add()} disabled={state === 'adding'}>
        Add to cart
      </button>
      {state === 'failed' ? <p role="alert">Could not add to the cart.</p> : null}
    </div>
  );
}
