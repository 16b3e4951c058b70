package dev.stratus.provider.oci;

import com.oracle.bmc.ConfigFileReader;
import com.oracle.bmc.auth.BasicAuthenticationDetailsProvider;
import com.oracle.bmc.auth.ConfigFileAuthenticationDetailsProvider;
import com.oracle.bmc.auth.InstancePrincipalsAuthenticationDetailsProvider;
import com.oracle.bmc.auth.SimpleAuthenticationDetailsProvider;
import com.oracle.bmc.auth.SimplePrivateKeySupplier;
import com.oracle.bmc.util.CircuitBreakerUtils;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * How the controller proves itself to OCI, always through the SDK's own providers, which sign every
 * request: {@code instance_principal} (default: the controller runs on OCI in a dynamic group),
 * {@code config_file} ({@code configFile}, default {@code ~/.oci/config}, and {@code profile}) or
 * {@code api_key} ({@code tenancyId}, {@code userId}, {@code fingerprint} and a {@code
 * privateKeyFile} the SDK reads itself). No key material passes through these settings or a log;
 * {@link #toString} names files, never their content.
 */
record OciAuth(Type type, Optional<Path> configFile, String profile, Optional<ApiKey> apiKey) {
  static final SettingKeys KEYS =
      SettingKeys.of(
          "type", "configFile", "profile", "tenancyId", "userId", "fingerprint", "privateKeyFile");

  enum Type {
    INSTANCE_PRINCIPAL,
    CONFIG_FILE,
    API_KEY
  }

  /** An API signing key: OCIDs, the key's fingerprint and where its PEM file is. */
  record ApiKey(String tenancyId, String userId, String fingerprint, Path privateKeyFile) {}

  static OciAuth parse(Optional<SettingsReader> block, String where) {
    if (block.isEmpty()) {
      return new OciAuth(Type.INSTANCE_PRINCIPAL, Optional.empty(), "DEFAULT", Optional.empty());
    }
    SettingsReader a = block.get();
    String name = a.string("type", "instance_principal");
    Type type;
    try {
      type = Type.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw a.error("type", "must be instance_principal, config_file or api_key, got " + name);
    }
    Optional<ApiKey> key = Optional.empty();
    if (type == Type.API_KEY) {
      Path pem = Path.of(a.requiredString("privateKeyFile"));
      if (!Files.isReadable(pem)) {
        throw a.error("privateKeyFile", "is not a readable file: " + pem);
      }
      key =
          Optional.of(
              new ApiKey(
                  a.requiredString("tenancyId"),
                  a.requiredString("userId"),
                  a.requiredString("fingerprint"),
                  pem));
    }
    return new OciAuth(
        type, a.string("configFile").map(Path::of), a.string("profile", "DEFAULT"), key);
  }

  /**
   * The SDK's provider. For an instance principal this asks the instance metadata service and the
   * federation endpoint, so it is built on the first call, not when the provider is created.
   */
  BasicAuthenticationDetailsProvider provider() {
    return switch (type) {
      case INSTANCE_PRINCIPAL ->
          InstancePrincipalsAuthenticationDetailsProvider.builder()
              .circuitBreakerConfigurator(CircuitBreakerUtils.getNoCircuitBreakerConfiguration())
              .build();
      case CONFIG_FILE -> fromConfigFile();
      case API_KEY -> {
        ApiKey k = apiKey.orElseThrow();
        yield SimpleAuthenticationDetailsProvider.builder()
            .tenantId(k.tenancyId())
            .userId(k.userId())
            .fingerprint(k.fingerprint())
            .privateKeySupplier(new SimplePrivateKeySupplier(k.privateKeyFile().toString()))
            .build();
      }
    };
  }

  private BasicAuthenticationDetailsProvider fromConfigFile() {
    try {
      ConfigFileReader.ConfigFile file =
          configFile.isPresent()
              ? ConfigFileReader.parse(configFile.get().toString(), profile)
              : ConfigFileReader.parseDefault(profile);
      return new ConfigFileAuthenticationDetailsProvider(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the OCI config file profile " + profile, e);
    }
  }
}
