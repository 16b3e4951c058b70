package dev.stratus.simulator.cluster;

import dev.stratus.core.slurm.SlurmAccounting;
import dev.stratus.core.slurm.SlurmClient;

/** What a replay's controller talks to for Slurm: its commands and its job holds. */
interface ReplaySlurm extends SlurmClient, SlurmAccounting {}
