CREATE INDEX orders_by_customer ON orders (customer_id, placed_at);
