// Writes one order event into the orders table (created by migrations/), with its customer, in one
// edge.sql transaction.
export async function recordOrder(db, event) {
  await db.transaction([
    {
      sql: "INSERT OR IGNORE INTO customers (id, email, created_at) VALUES (?, ?, ?)",
      params: [event.customerId, `${event.customerId}@customers.example`, event.placedAt],
    },
    {
      sql: "INSERT INTO orders (customer_id, total_cents, placed_at) VALUES (?, ?, ?)",
      params: [event.customerId, event.totalCents, event.placedAt],
    },
  ]);
}
