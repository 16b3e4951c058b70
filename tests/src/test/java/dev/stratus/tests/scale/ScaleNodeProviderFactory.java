package dev.stratus.tests.scale;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Registers {@link ScaleNodeProvider} as provider {@code scale} (on the test class path only). Its
 * settings: {@code nodesDir} (the Slurm nodes' directories, the {@code %n} of SlurmdSpoolDir) and
 * {@code types}, one block per instance type it sells on demand in region {@code model}, zone
 * {@code model-a}: {@code instanceType}, {@code gpuModel}, {@code gpus}, {@code cpus}, {@code
 * memoryMiB}, {@code pricePerHour}, and {@code boot}, the time from launch to its slurmd starting.
 */
public final class ScaleNodeProviderFactory implements NodeProviderFactory {
  public static final String NAME = "scale";
  public static final String REGION = "model";
  public static final String ZONE = "model-a";

  private static final SettingKeys TYPE =
      SettingKeys.of(
          "instanceType", "gpuModel", "gpus", "cpus", "memoryMiB", "pricePerHour", "boot");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public SettingKeys settingKeys() {
    return SettingKeys.of("nodesDir", "types").with("types", TYPE);
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    SettingsReader settings = SettingsReader.of(NAME, settingKeys(), context.settings());
    List<Offering> offerings = new ArrayList<>();
    Map<String, Duration> boot = new HashMap<>();
    for (SettingsReader t : settings.blocks("types")) {
      String type = t.requiredString("instanceType");
      offerings.add(
          new Offering(
              new OfferingKey(NAME, REGION, ZONE, type, CapacityType.ON_DEMAND),
              t.requiredString("gpuModel"),
              t.integer("gpus", 1, 1, 64),
              t.integer("cpus", 1, 1, 4096),
              t.longInteger("memoryMiB", 1024, 1, Long.MAX_VALUE),
              t.decimal("pricePerHour").orElse(BigDecimal.ONE)));
      boot.put(type, t.duration("boot", Duration.ofSeconds(20)));
    }
    if (offerings.isEmpty()) {
      throw settings.error("types", "must list at least one instance type");
    }
    return new ScaleNodeProvider(
        NAME,
        offerings,
        boot,
        new ScaleNodeProvider.ScaleNodes(
            context.bootstrap().slurmSbinDir().resolve("slurmd"),
            context.bootstrap().slurmConf(),
            java.nio.file.Path.of(settings.requiredString("nodesDir"))));
  }
}
