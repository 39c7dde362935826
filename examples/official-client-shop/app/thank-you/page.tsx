export default async function ThankYou({
  searchParams,
}: {
  searchParams: Promise<{ orderId?: string }>;
}) {
  const { orderId } = await searchParams;
  return (
    <>
      <h1>Thank you for your order</h1>
      {orderId ? <p data-testid="order">Order {orderId}</p> : null}
    </>
  );
}
