package dev.stratus.core.testing;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Provider factories that only declare settings keys, for the elastic-core tests that load a
 * stratus.yaml ({@code ConfigLoader.load(file, DeclaredKeysProviders.ALL)}): the real providers
 * depend on elastic-core and so cannot be on its class path, yet every stratus.yaml names some (the
 * examples under config-templates/examples too). Each declares the top-level keys of its real
 * namesake that those files write; the real key sets are checked against the examples in the tests
 * module.
 */
public final class DeclaredKeysProviders {
  public static final Map<String, NodeProviderFactory> ALL =
      List.of(
              keysOnly(
                  "local",
                  SettingKeys.of(
                          "bridge",
                          "subnet",
                          "racks",
                          "deviceDir",
                          "offerings",
                          "confServer",
                          "noticeUrl")
                      .with(
                          "offerings", SettingKeys.of("instanceType", "gpuModel", "pricePerHour"))),
              keysOnly(
                  "aws",
                  SettingKeys.of(
                      "region", "launchTemplate", "subnets", "offerings", "userDataFile")),
              keysOnly(
                  "gcp",
                  SettingKeys.of(
                      "project", "region", "offerings", "image", "serviceAccount", "userData")),
              keysOnly(
                  "azure",
                  SettingKeys.of(
                      "subscriptionId",
                      "resourceGroup",
                      "location",
                      "subnetId",
                      "image",
                      "sshPublicKey",
                      "offerings",
                      "customData")))
          .stream()
          .collect(Collectors.toUnmodifiableMap(NodeProviderFactory::name, Function.identity()));

  private DeclaredKeysProviders() {}

  /** A factory named {@code name} whose blocks take {@code keys}; it creates no provider. */
  public static NodeProviderFactory keysOnly(String name, SettingKeys keys) {
    return new NodeProviderFactory() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public SettingKeys settingKeys() {
        return keys;
      }

      @Override
      public NodeProvider create(ProviderContext context) {
        throw new UnsupportedOperationException(
            "the '" + name + "' of elastic-core's tests declares settings keys only");
      }
    };
  }
}
