package dev.stratus.tests.prices;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Pools as stratus.yaml would make them of a provider's offerings when no {@code pricePerHour} is
 * given: one per node shape, every offering at the bundled table's price with the table's date.
 */
final class BundledPools {
  private BundledPools() {}

  static List<Pool> of(List<Offering> offerings) {
    PriceTable table = PriceTable.bundled();
    return offerings.stream()
        .map(o -> o.withPrice(o.pricePerHour(), PriceOrigin.bundled(date(table, o))))
        .collect(
            Collectors.groupingBy(
                o -> List.of(o.gpuModel(), o.gpusPerNode(), o.cpus(), o.memoryMiB())))
        .values()
        .stream()
        .map(os -> pool(os.get(0), os))
        .toList();
  }

  private static String date(PriceTable table, Offering o) {
    return table
        .find(o.provider(), o.key().region(), o.key().instanceType())
        .map(PriceTable.Price::date)
        .orElse("undated");
  }

  private static Pool pool(Offering first, List<Offering> offerings) {
    return new Pool(
        first.gpuModel() + "-" + first.gpusPerNode() + "-" + first.cpus(),
        "gpu",
        first.gpuModel(),
        first.gpusPerNode(),
        first.cpus(),
        first.memoryMiB(),
        2,
        offerings);
  }
}
