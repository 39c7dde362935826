// A plain Node server that renders the shop with React's renderToString: the recipe of
// docs/server-rendering.md ("Plain Node server"), run as is by node-server.test.tsx.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  StoreProvider,
  createQueryClient,
  productsQueryOptions,
  useCart,
  useProducts,
  useSession,
  type CatalogOption,
} from '@vitrine/react';
import { createServerStoreClient, readStoreSnapshot, serializeCookie } from '@vitrine/sdk/server';

const PRODUCTS = { limit: 6 };

/** The page: the same component renders on the server and hydrates in the browser. */
export function Shop() {
  const role = useSession((session) => session.role);
  const count = useCart((state) => state.itemCount);
  const { data } = useProducts(PRODUCTS);
  return (
    <main>
      <header>
        <span>Signed in as {role}</span> <span>Cart: {count}</span>
      </header>
      <ul>
        {data?.items.map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
    </main>
  );
}

/** Reads one cookie of a `node:http` request. */
function readCookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** JSON that is safe inside a `<script>`: no `</script>` or `<!--` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Starts the shop's server on `port` against the platform at `apiUrl`. `catalog` is the store's
 * catalog when known (`'v1'` for the emulator's); by default each process asks the store once.
 */
export function startShopServer(options: {
  apiUrl: string;
  clientId: string;
  port?: number;
  catalog?: CatalogOption;
}) {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const setCookies: string[] = [];
      // A client for this request only: the shopper's tokens from the request's cookies,
      // renewed ones written back to the response as cookies the browser client reads.
      const store = await createServerStoreClient({
        clientId: options.clientId,
        baseUrl: options.apiUrl,
        catalog: options.catalog ?? 'auto',
        url: `http://${request.headers.host}${request.url}`,
        cookies: {
          get: (name) => readCookie(request, name),
          set: (name, value, attributes) =>
            setCookies.push(serializeCookie(name, value, attributes)),
        },
      });
      try {
        const queryClient = createQueryClient();
        await queryClient.prefetchQuery(productsQueryOptions(store, PRODUCTS));
        const snapshot = await readStoreSnapshot(store);
        const html = renderToString(
          <StoreProvider client={store} queryClient={queryClient} snapshot={snapshot}>
            <Shop />
          </StoreProvider>,
        );
        // The browser entry hydrates with these (see hydrate-shop.tsx).
        const state = { snapshot, queries: dehydrate(queryClient) };
        response.setHeader('set-cookie', setCookies);
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<!doctype html><div id="root">${html}</div>` +
            `<script>window.__SHOP_STATE__ = ${scriptJson(state)}</script>`,
        );
      } finally {
        store.dispose();
      }
    })().catch(() => {
      response.statusCode = 500;
      response.end('The shop could not be rendered');
    });
  });
  return new Promise<Server>((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(server));
  });
}
