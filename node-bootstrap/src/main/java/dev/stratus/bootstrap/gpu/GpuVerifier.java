package dev.stratus.bootstrap.gpu;

import java.util.Optional;

/**
 * Checks that the node has the GPUs its gres.conf promises before slurmd starts: a node that
 * registers with fewer GPUs than configured is set INVALID by slurmctld, and jobs that land on a
 * node with missing GPUs fail late. Empty result = fine; otherwise the problem, for the status
 * file.
 */
public interface GpuVerifier {
  Optional<String> verify(int expectedGpus);
}
