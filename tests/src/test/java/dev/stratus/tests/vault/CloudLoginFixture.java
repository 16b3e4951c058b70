package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.identity.CloudIdentities;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceJson;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.VaultMungeKeySource;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The Vault model holding a munge key, and the agent's key source built as {@code AgentMain} builds
 * it: from the settings' {@code mungeKeySource} JSON, with the cloud identity its auth names.
 */
final class CloudLoginFixture implements AutoCloseable {
  static final String DATA_PATH = "secret/data/slurm/munge";
  final VaultServer vault = new VaultServer();
  final byte[] key = new byte[1024];

  CloudLoginFixture() {
    new SecureRandom().nextBytes(key);
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(key)));
  }

  /** The model's time: tokens and signatures are checked against it. */
  Clock clock() {
    return Clock.fixed(vault.model.now(), ZoneOffset.UTC);
  }

  /** The agent's Vault source for the login in {@code loginJson} (a part of the settings JSON). */
  KeySourceSpec.VaultSource spec(String loginJson) throws Exception {
    String json =
        "{\"type\":\"vault\",\"address\":\""
            + vault.address()
            + "\",\"kvPath\":\"slurm/munge\",\"timeoutSeconds\":5,"
            + loginJson
            + "}";
    return (KeySourceSpec.VaultSource) KeySourceJson.parse(new ObjectMapper().readTree(json));
  }

  VaultMungeKeySource source(String loginJson, Clock clock) throws Exception {
    return source(loginJson, clock, UnaryOperator.identity());
  }

  /** {@code wrap} sees the real identity first (to play a man in the middle). */
  VaultMungeKeySource source(String loginJson, Clock clock, UnaryOperator<CloudIdentity> wrap)
      throws Exception {
    KeySourceSpec.VaultSource spec = spec(loginJson);
    return new VaultMungeKeySource(spec, wrap.apply(CloudIdentities.forSource(spec, clock)));
  }

  @Override
  public void close() {
    vault.close();
  }
}
