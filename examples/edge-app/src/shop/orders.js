// Writes one order event into the orders table (created by migrations/).
export async function recordOrder(db, event) {
  await db
    .prepare("INSERT INTO orders (customer_id, total_cents, placed_at) VALUES (?, ?, ?)")
    .bind(event.customerId, event.totalCents, event.placedAt)
    .run();
}
