package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.PriceOrigin;
import java.math.BigDecimal;

/**
 * One instance a provider listed this pass, with what the ledger needs beside it: its pool and
 * partition, the node's GPUs, and the price per hour of its offering with where that price came
 * from. The first sighting fixes the price the ledger bills the instance at.
 */
public record InstanceSighting(
    Instance instance,
    String pool,
    String partition,
    int gpus,
    BigDecimal pricePerHour,
    PriceOrigin priceOrigin) {
  public InstanceSighting {
    notNull("instance", instance);
    notBlank("pool", pool);
    notBlank("partition", partition);
    notNull("pricePerHour", pricePerHour);
    notNull("priceOrigin", priceOrigin);
    if (gpus < 0) {
      throw new IllegalArgumentException("gpus must be >= 0, got " + gpus);
    }
  }
}
