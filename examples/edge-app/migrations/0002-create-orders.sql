CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id TEXT NOT NULL REFERENCES customers (id),
  total_cents INTEGER NOT NULL,
  placed_at INTEGER NOT NULL
);
CREATE INDEX orders_by_customer ON orders (customer_id);
