-- Settled spend (the fast path of `stratus cost report`). An instance is settled once it ended at
-- least a day before a pass and no allocation on its node is still open during its life: its
-- charges can no longer change, so they are attributed once, summed per UTC day and report key
-- (user, account, partition, pool, capacity type) into settled_spend, and the instance is marked
-- with settled_at, in the same transaction as the pass. A report reads those sums for whole days
-- and attributes only unsettled instances (and the edges of its range) live.
ALTER TABLE instances ADD COLUMN settled_at INTEGER;
CREATE INDEX instances_unsettled ON instances (ended_at) WHERE settled_at IS NULL;

-- amount: exact decimal text, the sum of the settled charges' parts inside the day.
CREATE TABLE settled_spend (
  dim     TEXT    NOT NULL,
  day     INTEGER NOT NULL,
  grp     TEXT    NOT NULL,
  amount  TEXT    NOT NULL,
  PRIMARY KEY (dim, day, grp)
) WITHOUT ROWID;
