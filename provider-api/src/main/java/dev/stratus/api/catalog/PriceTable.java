package dev.stratus.api.catalog;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.stratus.api.model.CapacityType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * GPU instance prices per (provider, region, instance type), USD per instance-hour, each with its
 * source and date. The bundled table is {@code gpu-prices.csv} from the project's price data
 * (public catalog snapshots; see its {@code source} and {@code date} columns, and re-check before
 * quoting: the AWS rows predate the June 2025 P4/P5 price cut). Config may override any price. The
 * {@code vcpus} and {@code memory_gib} columns are each type's nominal shape from the same catalogs
 * (optional: blank means unknown); see {@link Shape}.
 */
public final class PriceTable {
  /**
   * What one instance of a type has, as its cloud sells it. A guest sees less memory than the
   * nominal size (the kernel's own structures, firmware and the hypervisor keep some), so what
   * slurmd reports as RealMemory is below {@code memoryMiB}: {@link #guestMemoryMiB} is Stratus's
   * estimate, {@value #GUEST_MEMORY_PERCENT}% of nominal, for the check at config load; a value
   * measured with {@code slurmd -C} on the type is better, and what a pool should declare.
   */
  public record Shape(int vcpus, long memoryMiB) {
    public static final int GUEST_MEMORY_PERCENT = 95;

    public long guestMemoryMiB() {
      return memoryMiB * GUEST_MEMORY_PERCENT / 100;
    }
  }

  /**
   * One row. A null price means none is published (e.g. no spot market for that type); a null shape
   * that the row gives none.
   */
  public record Price(
      String provider,
      String region,
      String instanceType,
      String gpuModel,
      int gpus,
      Shape shape,
      BigDecimal onDemand,
      BigDecimal spot,
      String source,
      String date) {
    public Optional<BigDecimal> of(CapacityType type) {
      return Optional.ofNullable(type == CapacityType.SPOT ? spot : onDemand);
    }
  }

  private final List<Price> rows;

  PriceTable(List<Price> rows) {
    this.rows = List.copyOf(rows);
  }

  public static PriceTable bundled() {
    try (InputStream in = PriceTable.class.getResourceAsStream("gpu-prices.csv")) {
      if (in == null) {
        throw new IllegalStateException("gpu-prices.csv is missing from the class path");
      }
      return parse(in, "gpu-prices.csv");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled gpu-prices.csv", e);
    }
  }

  /** Reads a table with the bundled file's columns; a bad row is an error naming its line. */
  public static PriceTable parse(InputStream csv, String name) throws IOException {
    CsvSchema schema = CsvSchema.emptySchema().withHeader();
    List<Price> rows = new ArrayList<>();
    try (MappingIterator<Map<String, String>> it =
        new CsvMapper().readerForMapOf(String.class).with(schema).readValues(csv)) {
      while (it.hasNext()) {
        int line = it.getCurrentLocation().getLineNr();
        Map<String, String> r = it.next();
        try {
          rows.add(
              new Price(
                  required(r, "provider"),
                  required(r, "region"),
                  required(r, "instance_type"),
                  required(r, "gpu_model"),
                  Integer.parseInt(required(r, "gpus")),
                  parseShape(r.get("vcpus"), r.get("memory_gib")),
                  money(r.get("on_demand_usd_hr")),
                  money(r.get("spot_usd_hr")),
                  r.getOrDefault("source", ""),
                  r.getOrDefault("date", "")));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(name + ":" + line + ": " + e.getMessage(), e);
        }
      }
    }
    return new PriceTable(rows);
  }

  public Optional<Price> find(String provider, String region, String instanceType) {
    return rows.stream()
        .filter(p -> p.provider().equals(provider))
        .filter(p -> p.region().equals(region))
        .filter(p -> p.instanceType().equals(instanceType))
        .findFirst();
  }

  /** The price of one node-hour, if the table has one for this capacity type. */
  public Optional<BigDecimal> price(
      String provider, String region, String instanceType, CapacityType type) {
    return find(provider, region, instanceType).flatMap(p -> p.of(type));
  }

  /**
   * The nominal shape of an instance type of a provider, whatever the region (a type is the same
   * machine everywhere); empty when the table does not know it.
   */
  public Optional<Shape> shape(String provider, String instanceType) {
    return rows.stream()
        .filter(p -> p.provider().equals(provider) && p.instanceType().equals(instanceType))
        .map(Price::shape)
        .filter(Objects::nonNull)
        .findFirst();
  }

  /**
   * For clouds that list one price for every region (OCI, Lambda): this region's row, else the
   * first row of the type in any region.
   */
  public Optional<BigDecimal> listPrice(
      String provider, String region, String instanceType, CapacityType type) {
    return price(provider, region, instanceType, type)
        .or(
            () ->
                rows.stream()
                    .filter(p -> p.provider().equals(provider))
                    .filter(p -> p.instanceType().equals(instanceType))
                    .findFirst()
                    .flatMap(p -> p.of(type)));
  }

  public List<Price> rows() {
    return rows;
  }

  private static String required(Map<String, String> row, String column) {
    String v = row.get(column);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("column '" + column + "' is empty");
    }
    return v.strip();
  }

  private static Shape parseShape(String vcpus, String memoryGib) {
    if (vcpus == null || vcpus.isBlank() || memoryGib == null || memoryGib.isBlank()) {
      return null;
    }
    int cpus = Integer.parseInt(vcpus.strip());
    long gib = Long.parseLong(memoryGib.strip());
    if (cpus < 1 || gib < 1) {
      throw new IllegalArgumentException(
          "vcpus and memory_gib must be >= 1, got " + vcpus + ", " + memoryGib);
    }
    return new Shape(cpus, gib * 1024);
  }

  private static BigDecimal money(String v) {
    if (v == null || v.isBlank()) {
      return null;
    }
    BigDecimal price = new BigDecimal(v.strip());
    if (price.signum() < 0) {
      throw new IllegalArgumentException("negative price " + v);
    }
    return price;
  }
}
