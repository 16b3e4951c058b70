package dev.stratus.testkit.aws;

import dev.stratus.api.model.CapacityType;
import dev.stratus.testkit.aws.Ec2Model.Pool;
import dev.stratus.testkit.aws.Ec2Model.Row;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What EC2 refuses for one fleet override, each as the {@code errorSet} item it puts into a 200
 * answer: an instance type EC2 does not have ({@code InvalidParameterValue}), a type the zone does
 * not offer ({@code Unsupported}), a spot price above the request's maximum ({@code
 * SpotMaxPriceTooLow}), and the account's vCPU limit for the type's bucket and market ({@code
 * VcpuLimitExceeded}: pending and running instances count, stopped ones do not). Nothing is limited
 * until a test says so, except that the type must be one EC2 has. Thread-safe: tests set limits
 * while WireMock serves.
 */
public final class Ec2Limits {
  /** vCPUs of the instance types the model knows (the EC2 instance type reference). */
  static final Map<String, Integer> VCPUS =
      Map.ofEntries(
          Map.entry("p5.48xlarge", 192),
          Map.entry("p5e.48xlarge", 192),
          Map.entry("p4d.24xlarge", 96),
          Map.entry("p4de.24xlarge", 96),
          Map.entry("p3.2xlarge", 8),
          Map.entry("g6e.48xlarge", 192),
          Map.entry("g5.48xlarge", 192),
          Map.entry("g5.xlarge", 4),
          Map.entry("g4dn.xlarge", 4),
          Map.entry("c7i.large", 2));

  /** An errorSet item. */
  record Refusal(String code, String message) {}

  private final Set<String> unsupported = new HashSet<>();
  private final Map<String, Integer> vcpuLimits = new HashMap<>();
  private final Map<Pool, BigDecimal> spotPrices = new HashMap<>();
  private final Map<String, BigDecimal> onDemandPrices = new HashMap<>();

  /** From now on the zone does not offer the type. */
  public synchronized void unsupported(String instanceType, String zone) {
    unsupported.add(instanceType + "|" + zone);
  }

  /** The account's vCPU limit for the type's bucket (P, G, Standard) in this market. */
  public synchronized void vcpuLimit(String instanceType, CapacityType market, int vcpus) {
    vcpuLimits.put(bucket(instanceType) + "|" + market, vcpus);
  }

  /** The pool's spot price; above a request's maximum it is {@code SpotMaxPriceTooLow}. */
  public synchronized void spotPrice(Pool pool, BigDecimal price) {
    spotPrices.put(pool, price);
  }

  /** The type's on-demand price: a spot request's maximum when it names none. */
  public synchronized void onDemandPrice(String instanceType, BigDecimal price) {
    onDemandPrices.put(instanceType, price);
  }

  /**
   * Why the override gets nothing whatever the capacity, or empty. {@code maxPrice}: the override's
   * {@code MaxPrice}; without one EC2 caps a spot request at the on-demand price.
   */
  synchronized Optional<Refusal> refusal(
      String type,
      String zone,
      CapacityType market,
      Optional<BigDecimal> maxPrice,
      Set<String> zones) {
    if (!VCPUS.containsKey(type)) {
      return Optional.of(
          new Refusal("InvalidParameterValue", "Invalid value '" + type + "' for InstanceType."));
    }
    if (unsupported.contains(type + "|" + zone)) {
      List<String> others =
          zones.stream().filter(z -> !unsupported.contains(type + "|" + z)).sorted().toList();
      return Optional.of(
          new Refusal(
              "Unsupported",
              "Your requested instance type ("
                  + type
                  + ") is not supported in your requested Availability Zone ("
                  + zone
                  + "). Please retry your request by not specifying an Availability Zone or"
                  + " choosing "
                  + String.join(", ", others)
                  + "."));
    }
    BigDecimal spot = spotPrices.get(new Pool(type, zone, market));
    Optional<BigDecimal> max = maxPrice.or(() -> Optional.ofNullable(onDemandPrices.get(type)));
    if (market == CapacityType.SPOT
        && spot != null
        && max.isPresent()
        && spot.compareTo(max.get()) > 0) {
      return Optional.of(
          new Refusal(
              "SpotMaxPriceTooLow",
              "Your Spot request price of "
                  + max.get().toPlainString()
                  + " is lower than the minimum required Spot request fulfillment price of "
                  + spot.toPlainString()
                  + "."));
    }
    return Optional.empty();
  }

  /** How many more instances of {@code type} the vCPU limit allows beside {@code rows}. */
  synchronized int allowance(String type, CapacityType market, Collection<Row> rows) {
    Integer limit = vcpuLimits.get(bucket(type) + "|" + market);
    if (limit == null) {
      return Integer.MAX_VALUE;
    }
    int used =
        rows.stream()
            .filter(r -> r.state.equals("pending") || r.state.equals("running"))
            .filter(r -> r.spot == (market == CapacityType.SPOT))
            .filter(r -> bucket(r.type).equals(bucket(type)))
            .mapToInt(r -> VCPUS.getOrDefault(r.type, 0))
            .sum();
    return Math.max(0, (limit - used) / VCPUS.get(type));
  }

  synchronized Refusal vcpuLimitExceeded(String type, CapacityType market) {
    return new Refusal(
        "VcpuLimitExceeded",
        "You have requested more vCPU capacity than your current vCPU limit of "
            + vcpuLimits.get(bucket(type) + "|" + market)
            + " allows for the instance bucket that the specified instance type belongs to."
            + " Please visit http://aws.amazon.com/contact-us/ec2-request to request an"
            + " adjustment to this limit.");
  }

  /** EC2's vCPU quota buckets: P, G and VT, and Standard for the rest of what the model knows. */
  private static String bucket(String type) {
    String family = type.toLowerCase(Locale.ROOT);
    if (family.startsWith("p")) {
      return "P";
    }
    return family.startsWith("g") || family.startsWith("vt") ? "G" : "Standard";
  }
}
