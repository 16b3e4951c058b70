-- Blocks bought through Stratus (docs/guide/reservations.md, "Buying a block"): the price paid up
-- front, the budget it was checked against, and when. Clouds do not all report a block's price
-- when they describe it later (EC2's DescribeCapacityReservations does not), so the block report
-- reads it from here. usd: exact decimal text.
CREATE TABLE block_purchases (
  reservation  TEXT    NOT NULL,
  provider     TEXT    NOT NULL,
  usd          TEXT    NOT NULL,
  budget       TEXT    NOT NULL,
  bought_at    INTEGER NOT NULL,
  PRIMARY KEY (provider, reservation)
);
