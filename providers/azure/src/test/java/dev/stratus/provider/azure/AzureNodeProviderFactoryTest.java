package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AzureNodeProviderFactoryTest {
  @Test
  void theFactoryIsFoundByServiceLoaderUnderTheNameAzure() {
    assertThat(Providers.discover(getClass().getClassLoader()))
        .hasEntrySatisfying(
            "azure", f -> assertThat(f).isInstanceOf(AzureNodeProviderFactory.class));
  }

  @Test
  void badSettingsFailBeforeAnyCredentialIsBuilt() {
    Path tmp = Path.of("/tmp");
    var ctx =
        new ProviderContext(
            "c",
            Map.of("location", "eastus"),
            tmp,
            new BootstrapSettings(tmp, tmp, tmp, tmp),
            Clock.systemUTC());

    assertThatThrownBy(() -> new AzureNodeProviderFactory().create(ctx))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("providers.azure.subscriptionId is required");
  }
}
