package dev.stratus.core.config;

import static dev.stratus.core.config.ConfigLoader.build;

import dev.stratus.api.spi.VaultSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Reads the optional {@code bootstrap:} block (see {@link NodeBootstrap}); every value is checked
 * where it is written, so an error names its line and field.
 */
final class NodeBootstrapReader {
  static final List<String> DEFAULT_PACKAGES =
      List.of("openjdk-17-jre-headless", "curl", "munge", "slurmd");

  private NodeBootstrapReader() {}

  /**
   * {@code controllerVault}: the top-level {@code vault:} block. Nodes told to log in with AppRole
   * need the controller to issue their wrapping tokens, so {@code auth: approle} requires it, and
   * both must name the same role id.
   */
  static Optional<NodeBootstrap> read(Fields root, Optional<VaultSettings> controllerVault) {
    return root.section(
            "bootstrap",
            "agentUrl",
            "agentSha256",
            "agentPackage",
            "packages",
            "installDir",
            "slurmConf",
            "noticeUrl",
            "vault",
            "confServer",
            "controllerCaFile")
        .map(f -> bootstrap(f, controllerVault));
  }

  private static NodeBootstrap bootstrap(Fields f, Optional<VaultSettings> controllerVault) {
    List<String> packages = f.strings("packages", DEFAULT_PACKAGES);
    for (String p : packages) {
      f.check("packages", p, NodeBootstrap::packageName);
    }
    Fields vault =
        f.section(
                "vault",
                "address",
                "kvMount",
                "kvPath",
                "field",
                "auth",
                "role",
                "roleId",
                "caCertFile",
                "awsServerIdHeader",
                "azureResource")
            .orElseThrow(() -> f.error("missing required key 'vault' (where the munge key is)"));
    if (f.node("confServer").isPresent() && f.node("slurmConf").isPresent()) {
      throw f.error(
          "confServer",
          "give slurmConf (nodes read a slurm.conf of their own) or confServer (configless nodes"
              + " fetch it from slurmctld), not both");
    }
    return build(
        f,
        () ->
            new NodeBootstrap(
                optional(f, "agentUrl", NodeBootstrap::agentUrl),
                optional(f, "agentSha256", NodeBootstrap::sha256),
                optional(f, "agentPackage", NodeBootstrap::packageName),
                packages,
                f.check(
                    "installDir",
                    f.string("installDir", "/opt/stratus"),
                    NodeBootstrap::absolutePath),
                f.check(
                    "slurmConf",
                    f.string("slurmConf", "/etc/slurm/slurm.conf"),
                    NodeBootstrap::absolutePath),
                optional(f, "noticeUrl", NodeBootstrap::noticeUrl),
                vault(vault, controllerVault),
                optional(f, "confServer", NodeBootstrap::confServer),
                controllerCa(f)));
  }

  /**
   * The PEM text of {@code controllerCaFile} (a path on this machine, relative to the file): it is
   * rendered into the user-data whole, so it must hold certificates and nothing else.
   */
  private static String controllerCa(Fields f) {
    if (f.node("controllerCaFile").isEmpty()) {
      return "";
    }
    Path file = f.path("controllerCaFile", null);
    String pem;
    try {
      pem = Files.readString(file, StandardCharsets.US_ASCII);
    } catch (IOException | UncheckedIOException e) {
      throw f.error("controllerCaFile", "cannot read " + file + ": " + e.getMessage());
    }
    String stripped = pem.strip();
    if (!stripped.startsWith("-----BEGIN CERTIFICATE-----")
        || !stripped.endsWith("-----END CERTIFICATE-----")
        || stripped.contains("PRIVATE KEY")) {
      throw f.error(
          "controllerCaFile",
          file + " must hold PEM certificates only (-----BEGIN CERTIFICATE----- ...)");
    }
    return stripped;
  }

  private static VaultKey vault(Fields v, Optional<VaultSettings> controllerVault) {
    String auth = v.string("auth", "cloud");
    if (!auth.equals("cloud") && !auth.equals("approle")) {
      throw v.error("auth", "must be cloud or approle, got '" + auth + "'");
    }
    if (auth.equals("approle")) {
      if (controllerVault.isEmpty()) {
        throw v.error(
            "auth",
            "approle needs the top-level vault: block, from which the controller issues each"
                + " node's single-use wrapping token");
      }
      if (controllerVault.get().roleName().isEmpty() || controllerVault.get().roleId().isEmpty()) {
        throw v.error(
            "auth",
            "approle needs vault.roleName and vault.roleId: the role the controller issues"
                + " secret-ids for");
      }
      String roleId = v.string("roleId", "");
      if (!roleId.isEmpty() && !roleId.equals(controllerVault.get().roleId())) {
        throw v.error(
            "roleId", "differs from vault.roleId, the role the controller issues secret-ids for");
      }
    }
    return build(
        v,
        () ->
            new VaultKey(
                v.check("address", v.string("address"), VaultKey::address),
                v.check("kvMount", v.string("kvMount", "secret"), VaultKey::kvPath),
                v.check("kvPath", v.string("kvPath"), VaultKey::kvPath),
                v.string("field", "key"),
                auth.equals("cloud") ? VaultKey.Auth.CLOUD : VaultKey.Auth.APPROLE,
                v.string("role", ""),
                v.string("roleId", ""),
                optional(v, "caCertFile", NodeBootstrap::absolutePath),
                v.string("awsServerIdHeader", ""),
                v.string("azureResource", "")));
  }

  /** A value that may be absent (""); when present it must pass {@code check}. */
  private static String optional(Fields f, String key, BiConsumer<String, String> check) {
    String value = f.string(key, "");
    return value.isEmpty() ? "" : f.check(key, value, check);
  }
}
