package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * config-templates/examples/stratus-multicloud.yaml is a config the real providers take: each
 * provider block passes its provider's own settings parser, and every pool offering is one the
 * provider offers. Nothing is called: GCP is pointed at an unused local endpoint only because its
 * clients want credentials when they are built.
 */
class MulticloudExampleTest {
  static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-multicloud.yaml");

  @TempDir Path dir;

  NodeProvider create(StratusConfig config, String name, Map<String, Object> extra) {
    Map<String, Object> settings = new HashMap<>(config.providers().get(name));
    settings.putAll(extra);
    return Providers.find(name)
        .create(
            new ProviderContext(
                config.cluster(),
                settings,
                dir.resolve(name),
                new BootstrapSettings(
                    config.slurm().slurmConf(),
                    config.slurm().sbinDir(),
                    config.mungeKeyFile(),
                    config.slurm().mungeSocket()),
                Clock.systemUTC()));
  }

  @Test
  void everyProviderTakesItsBlockAndOffersThePoolsOfferings() {
    StratusConfig config = ConfigLoader.load(EXAMPLE);
    Map<String, Map<String, Object>> extra =
        Map.of(
            "aws", Map.of(),
            "azure", Map.of(),
            "gcp", Map.of("endpoint", "http://127.0.0.1:9", "noCredentials", true));

    for (String name : Set.of("aws", "gcp", "azure")) {
      NodeProvider provider = create(config, name, extra.get(name));
      Set<OfferingKey> offered =
          provider.offerings().stream().map(o -> o.key()).collect(Collectors.toSet());
      Set<OfferingKey> used =
          config.pools().stream()
              .flatMap(p -> p.offerings().stream())
              .filter(o -> o.provider().equals(name))
              .map(o -> o.key())
              .collect(Collectors.toSet());

      assertThat(used).as(name).isNotEmpty();
      assertThat(offered).as("offerings of %s", name).containsAll(used);
    }
  }
}
