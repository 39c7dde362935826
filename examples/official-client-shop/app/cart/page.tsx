import { isNoCart, serverClient } from '../../lib/server';

export const dynamic = 'force-dynamic';

export default async function CartPage() {
  const client = await serverClient();
  const cart = await client.currentCart.getCurrentCart().catch((error: unknown) => {
    if (isNoCart(error)) return undefined;
    throw error;
  });
  const lines = cart?.lineItems ?? [];
  if (lines.length === 0) return <h1>Your cart is empty</h1>;
  return (
    <>
      <h1>Cart</h1>
      <table>
        <tbody>
          {lines.map((line) => (
            <tr key={line._id}>
              <td>{line.productName?.translated ?? line.productName?.original}</td>
              <td>
                {(line.descriptionLines ?? [])
                  .map((d) => {
                    const value = d.plainText?.original ?? d.colorInfo?.original;
                    return `${d.name?.original ?? ''}: ${value ?? ''}`;
                  })
                  .join(', ')}
              </td>
              <td>× {line.quantity}</td>
              <td>{line.price?.formattedAmount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form action="/checkout" method="post">
        <button type="submit">Checkout</button>
      </form>
    </>
  );
}
