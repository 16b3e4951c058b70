package dev.stratus.core.config;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.Checks;
import java.util.Optional;

/**
 * What one node of an offering has, and the check that it holds at least what its pool's NodeName
 * line declares (CPUs, RealMemory): slurmd registers what the machine has, and Slurm sets a node
 * that registers with less INVAL, so a launch there is wasted.
 *
 * <p>Where the numbers come from, first found: the offering's own {@code cpus} / {@code memoryMiB}
 * (taken as what the guest sees: measure with {@code slurmd -C} on one such instance); else the
 * bundled catalog's nominal shape of the instance type, of whose memory a guest sees less ({@link
 * PriceTable.Shape#guestMemoryMiB}); else, for a type the catalog does not know (the local
 * provider's), the pool's own values, left to the check at registration.
 */
record OfferingShape(int cpus, long memoryMiB) {
  static OfferingShape of(
      Fields o, int poolCpus, long poolMemoryMiB, Optional<PriceTable.Shape> catalog) {
    String type = o.string("instanceType");
    int cpus;
    if (o.node("cpus").isPresent()) {
      cpus = o.check("cpus", o.integer("cpus"), Checks::positive);
      if (cpus < poolCpus) {
        throw o.error("cpus", "must be >= the pool's cpus " + poolCpus + ", got " + cpus + SHORT);
      }
    } else if (catalog.isPresent()) {
      cpus = catalog.get().vcpus();
      if (cpus < poolCpus) {
        throw o.error(
            "instanceType",
            type
                + " has "
                + cpus
                + " vCPUs (bundled catalog), fewer than the pool's cpus "
                + poolCpus
                + SHORT);
      }
    } else {
      cpus = poolCpus;
    }
    long memory;
    if (o.node("memoryMiB").isPresent()) {
      memory = o.check("memoryMiB", o.longValue("memoryMiB"), Checks::positive);
      if (memory < poolMemoryMiB) {
        throw o.error(
            "memoryMiB",
            "must be >= the pool's memoryMiB " + poolMemoryMiB + ", got " + memory + SHORT);
      }
    } else if (catalog.isPresent()) {
      memory = catalog.get().guestMemoryMiB();
      if (memory < poolMemoryMiB) {
        throw o.error(
            "instanceType",
            type
                + " has "
                + catalog.get().memoryMiB() / 1024
                + " GiB nominal, of which a guest sees about "
                + memory
                + " MiB ("
                + PriceTable.Shape.GUEST_MEMORY_PERCENT
                + "%: the kernel, firmware and hypervisor keep the rest), less than the pool's"
                + " memoryMiB "
                + poolMemoryMiB
                + SHORT
                + ". Set the pool's memoryMiB to the RealMemory that `slurmd -C` prints on one"
                + " such instance, or give this offering memoryMiB if you measured more");
      }
    } else {
      memory = poolMemoryMiB;
    }
    return new OfferingShape(cpus, memory);
  }

  private static final String SHORT =
      ": slurmd would register less than the pool's NodeName line and Slurm would set the node"
          + " INVAL";
}
