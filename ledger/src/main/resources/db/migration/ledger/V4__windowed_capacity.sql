-- Windowed capacity (docs/guide/reservations.md): an instance may run on a reservation or block
-- (RESERVED) or on flex-start (FLEX). SQLite cannot change a CHECK constraint in place, so the
-- instances table is rebuilt with the wider one, every row and index kept.
CREATE TABLE instances_v4 (
  instance_id             TEXT    PRIMARY KEY,
  provider                TEXT    NOT NULL,
  region                  TEXT    NOT NULL,
  zone                    TEXT    NOT NULL,
  instance_type           TEXT    NOT NULL,
  capacity_type           TEXT    NOT NULL
    CHECK (capacity_type IN ('ON_DEMAND', 'SPOT', 'RESERVED', 'FLEX')),
  pool                    TEXT    NOT NULL,
  partition_name          TEXT    NOT NULL,
  node                    TEXT    NOT NULL,
  gpus                    INTEGER NOT NULL CHECK (gpus >= 0),
  requested_by_job        INTEGER,
  price_per_hour          TEXT    NOT NULL,
  price_kind              TEXT    NOT NULL,
  price_source            TEXT    NOT NULL,
  price_fetched_at        INTEGER,
  price_as_of             TEXT    NOT NULL,
  launched_at             INTEGER NOT NULL,
  first_seen_at           INTEGER NOT NULL,
  running_at              INTEGER,
  last_seen_at            INTEGER NOT NULL,
  terminate_requested_at  INTEGER,
  ended_at                INTEGER,
  end_reason              TEXT    CHECK (end_reason IN ('terminated', 'vanished')),
  settled_at              INTEGER,
  offering                TEXT,
  fault_at                INTEGER,
  fault_admission         INTEGER NOT NULL DEFAULT 0 CHECK (fault_admission IN (0, 1)),
  fault_cause             TEXT,
  CHECK (ended_at IS NULL OR ended_at >= launched_at)
);
INSERT INTO instances_v4 (
  instance_id, provider, region, zone, instance_type, capacity_type, pool, partition_name, node,
  gpus, requested_by_job, price_per_hour, price_kind, price_source, price_fetched_at, price_as_of,
  launched_at, first_seen_at, running_at, last_seen_at, terminate_requested_at, ended_at,
  end_reason, settled_at, offering, fault_at, fault_admission, fault_cause)
SELECT
  instance_id, provider, region, zone, instance_type, capacity_type, pool, partition_name, node,
  gpus, requested_by_job, price_per_hour, price_kind, price_source, price_fetched_at, price_as_of,
  launched_at, first_seen_at, running_at, last_seen_at, terminate_requested_at, ended_at,
  end_reason, settled_at, offering, fault_at, fault_admission, fault_cause
FROM instances;
DROP TABLE instances;
ALTER TABLE instances_v4 RENAME TO instances;
CREATE INDEX instances_open ON instances (ended_at);
CREATE INDEX instances_by_node ON instances (node, launched_at);
CREATE INDEX instances_by_job ON instances (requested_by_job);
CREATE INDEX instances_unsettled ON instances (ended_at) WHERE settled_at IS NULL;
CREATE INDEX instances_by_launch ON instances (launched_at);
