// A loopback HTTP server answering every request with one realistic product, run in its own
// process so its CPU is not counted against the client's.
import { createServer } from 'node:http';

const product = {
  product: {
    id: 'p1',
    name: 'Linen shirt',
    slug: 'linen-shirt',
    visible: true,
    productType: 'physical',
    description: 'A light shirt. '.repeat(20),
    price: {
      currency: 'USD',
      price: 49,
      discountedPrice: 39,
      formatted: { price: '$49.00', discountedPrice: '$39.00' },
    },
    stock: { trackInventory: true, quantity: 12, inStock: true, inventoryStatus: 'IN_STOCK' },
    productOptions: [
      {
        optionType: 'drop_down',
        name: 'Size',
        choices: ['S', 'M', 'L', 'XL'].map((value) => ({
          value,
          description: value,
          inStock: true,
          visible: true,
        })),
      },
    ],
    variants: ['S', 'M', 'L', 'XL'].map((size, index) => ({
      id: `v${index}`,
      choices: { Size: size },
      variant: {
        priceData: { currency: 'USD', price: 49 },
        weight: 0.3,
        sku: `LS-${size}`,
        visible: true,
      },
      stock: { trackQuantity: true, quantity: 3, inStock: true },
    })),
    media: {
      mainMedia: { image: { url: 'https://example.invalid/p1.jpg', width: 800, height: 800 } },
      items: [],
    },
    ribbon: 'New',
    brand: 'Vitrine',
  },
};
const body = JSON.stringify(product);

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-wix-request-id': 'bench',
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
