/**
 * A small store page written the way the platform makers' minimal example is: plain React in the
 * browser, the official client (`createClient` with `OAuthStrategy`) on the shop's client id, the
 * visitor's tokens kept in a `session` cookie, the site's id read from the visitor's access token
 * (`jwt-decode` of what follows `OauthNG.JWS.`, then `JSON.parse(data).instance.metaSiteId`),
 * products added to the cart under the eCommerce app's id, and a checkout on the platform's
 * hosted page. Nothing in it names the emulator: it runs against it through the drop-in
 * (e2e/platform-example.test.ts builds and serves it).
 */
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as products from '@wix/auto_sdk_stores_products';
import { redirects } from '@wix/redirects';
import { jwtDecode } from 'jwt-decode';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The id the makers' example names its catalog by: the platform's eCommerce app. */
const ECOMMERCE_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

function sessionCookie(): Tokens | undefined {
  const value = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith('session='))
    ?.slice('session='.length);
  return value ? (JSON.parse(decodeURIComponent(value)) as Tokens) : undefined;
}

const myWixClient = createClient({
  modules: { products, currentCart, redirects },
  auth: OAuthStrategy({
    clientId: process.env.WIX_CLIENT_ID!,
    ...(sessionCookie() ? { tokens: sessionCookie()! } : {}),
  }),
});

/** The site's id, as the platform writes it in every access token it issues. */
function siteIdOf(tokens: Tokens): string {
  const { data } = jwtDecode<{ data: string }>(
    tokens.accessToken.value.replace('OauthNG.JWS.', ''),
  );
  return (JSON.parse(data) as { instance: { metaSiteId: string } }).instance.metaSiteId;
}

type Product = products.Product;
type Cart = currentCart.Cart;

function Store() {
  const [siteId, setSiteId] = useState('');
  const [productList, setProductList] = useState<Product[]>([]);
  const [cart, setCart] = useState<Cart | undefined>();
  const [error, setError] = useState('');

  useEffect(() => {
    void (async () => {
      if (!sessionCookie()) {
        const tokens = await myWixClient.auth.generateVisitorTokens();
        document.cookie = `session=${encodeURIComponent(JSON.stringify(tokens))}; path=/`;
        myWixClient.auth.setTokens(tokens);
      }
      setSiteId(siteIdOf(myWixClient.auth.getTokens()));
      const { items } = await myWixClient.products.queryProducts().limit(6).find();
      setProductList(items);
    })().catch((reason: unknown) => setError(String(reason)));
  }, []);

  async function addToCart(product: Product) {
    // Each option's first choice, as a product page would preselect it.
    const options: Record<string, string> = {};
    for (const option of product.productOptions ?? [])
      if (option.name) options[option.name] = option.choices?.[0]?.description ?? '';
    const { cart: returned } = await myWixClient.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: ECOMMERCE_APP_ID,
            catalogItemId: product._id!,
            ...(Object.keys(options).length > 0 ? { options: { options } } : {}),
          },
          quantity: 1,
        },
      ],
    });
    setCart(returned);
  }

  async function checkout() {
    const { checkoutId } = await myWixClient.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const { redirectSession } = await myWixClient.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: window.location.href },
    });
    window.location.href = redirectSession!.fullUrl!;
  }

  return (
    <main>
      <h1>Store</h1>
      <p>
        Site <span id="site-id">{siteId}</span>
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <ul>
        {productList.map((product) => (
          <li key={product._id}>
            {product.name}{' '}
            <button onClick={() => void addToCart(product).catch((e) => setError(String(e)))}>
              Add to cart
            </button>
          </li>
        ))}
      </ul>
      <h2>Cart</h2>
      <ul aria-label="Cart">
        {(cart?.lineItems ?? []).map((item) => (
          <li key={item._id}>
            {item.productName?.original} × {item.quantity}
          </li>
        ))}
      </ul>
      {cart?.lineItems?.length ? (
        <button onClick={() => void checkout().catch((e) => setError(String(e)))}>Checkout</button>
      ) : null}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Store />);
