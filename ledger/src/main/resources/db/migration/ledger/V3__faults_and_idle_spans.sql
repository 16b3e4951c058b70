-- GPU faults and idle GPUs (docs/guide/budgets-and-cost.md, "Faulty and waste").

-- Each instance's offering, as OfferingKey.toString() spells it: what `--by offering` groups by.
ALTER TABLE instances ADD COLUMN offering TEXT;
UPDATE instances SET offering = provider || '/' || region
  || CASE WHEN zone = '' THEN '' ELSE '/' || zone END
  || '/' || instance_type || '/' || lower(capacity_type);
CREATE INDEX instances_by_launch ON instances (launched_at);

-- The GPU fault the controller recorded on an instance (the earliest, if several): from fault_at
-- (from launched_at when fault_admission = 1, a failed admission check) to its end it is faulty.
ALTER TABLE instances ADD COLUMN fault_at INTEGER;
ALTER TABLE instances ADD COLUMN fault_admission INTEGER NOT NULL DEFAULT 0
  CHECK (fault_admission IN (0, 1));
ALTER TABLE instances ADD COLUMN fault_cause TEXT;

-- Each job's lost work on a faulted instance: its time there from lost_from to the fault is faulty.
CREATE TABLE lost_work (
  instance_id  TEXT    NOT NULL,
  job_id       INTEGER NOT NULL,
  lost_from    INTEGER NOT NULL,
  PRIMARY KEY (instance_id, job_id)
) WITHOUT ROWID;

-- idle_gpus of the GPUs job_id holds on node did no work in [from_at, to_at): waste. A growing
-- span is sent again with the same (job_id, node, from_at) and a later to_at.
CREATE TABLE idle_spans (
  job_id     INTEGER NOT NULL,
  node       TEXT    NOT NULL,
  from_at    INTEGER NOT NULL,
  to_at      INTEGER NOT NULL,
  idle_gpus  INTEGER NOT NULL CHECK (idle_gpus > 0),
  PRIMARY KEY (job_id, node, from_at),
  CHECK (to_at >= from_at)
) WITHOUT ROWID;
CREATE INDEX idle_spans_by_node ON idle_spans (node, from_at);

-- The settled sums keep, beside each amount, its faulty and waste parts, and a sixth key (offering).
-- Sums settled before this version have neither: they are dropped and every instance settles again
-- (PER_PASS a pass; a report attributes the unsettled ones live meanwhile, to the same figures).
ALTER TABLE settled_spend ADD COLUMN faulty TEXT NOT NULL DEFAULT '0';
ALTER TABLE settled_spend ADD COLUMN waste TEXT NOT NULL DEFAULT '0';
DELETE FROM settled_spend;
UPDATE instances SET settled_at = NULL;
