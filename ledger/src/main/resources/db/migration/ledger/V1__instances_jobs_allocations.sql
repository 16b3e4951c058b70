-- The cost ledger (ADR 0010). Times are epoch milliseconds (UTC); prices are decimal text, exact.

-- Every instance Stratus ever saw, one row each: billed from launched_at until ended_at (or, while
-- ended_at is NULL, until the last pass that saw it alive and on to now).
CREATE TABLE instances (
  instance_id             TEXT    PRIMARY KEY,
  provider                TEXT    NOT NULL,
  region                  TEXT    NOT NULL,
  zone                    TEXT    NOT NULL,
  instance_type           TEXT    NOT NULL,
  capacity_type           TEXT    NOT NULL CHECK (capacity_type IN ('ON_DEMAND', 'SPOT')),
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
  CHECK (ended_at IS NULL OR ended_at >= launched_at)
);
CREATE INDEX instances_open ON instances (ended_at);
CREATE INDEX instances_by_node ON instances (node, launched_at);
CREATE INDEX instances_by_job ON instances (requested_by_job);

-- Every job seen in squeue: its owner, its time limit, when it finished, and whether its cost has
-- been written to Slurm's AdminComment.
CREATE TABLE jobs (
  job_id            INTEGER PRIMARY KEY,
  user_name         TEXT    NOT NULL,
  account           TEXT    NOT NULL,
  partition_name    TEXT    NOT NULL,
  time_limit_s      INTEGER,
  first_seen_at     INTEGER NOT NULL,
  finished_at       INTEGER,
  cost_recorded_at  INTEGER,
  cost_text         TEXT
);
CREATE INDEX jobs_cost_pending ON jobs (cost_recorded_at, finished_at);

-- One row per run of a job on a node (a requeued job's next run has another started_at).
CREATE TABLE allocations (
  job_id        INTEGER NOT NULL,
  node          TEXT    NOT NULL,
  started_at    INTEGER NOT NULL,
  ended_at      INTEGER,
  gpus          INTEGER NOT NULL CHECK (gpus >= 0),
  last_seen_at  INTEGER NOT NULL,
  PRIMARY KEY (job_id, node, started_at),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE INDEX allocations_by_node ON allocations (node, started_at);
CREATE INDEX allocations_open ON allocations (ended_at);

-- The last pass reconciled (one row).
CREATE TABLE passes (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  last_pass_at    INTEGER NOT NULL
);
