package dev.stratus.bootstrap.secret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and writes the {@code mungeKeySource} settings value. A plain string is a file path (the
 * form the local provider has always written); an object has a {@code type}:
 *
 * <pre>
 * {"type":"file","path":"/etc/stratus/munge.key"}
 * {"type":"vault","address":"https://vault:8200","kvMount":"secret","kvPath":"slurm/munge",
 *  "field":"key","auth":"approle","roleId":"...","wrappingTokenFile":"/run/stratus/wrap"}
 * </pre>
 *
 * Vault defaults: {@code auth} approle, {@code authMount} the method's name, {@code field} key,
 * {@code kvMount} secret, {@code timeoutSeconds} 10 (also each metadata-service request's timeout),
 * {@code metadataUrl} (aws-iam, gcp, azure only) the cloud's metadata service. Unknown keys are
 * refused.
 */
public final class KeySourceJson {
  private static final Set<String> FILE_KEYS = Set.of("type", "path");
  private static final Set<String> VAULT_KEYS =
      Set.of(
          "type",
          "address",
          "kvMount",
          "kvPath",
          "field",
          "auth",
          "authMount",
          "roleId",
          "wrappingToken",
          "wrappingTokenFile",
          "role",
          "serverIdHeader",
          "resource",
          "metadataUrl",
          "federationEndpoint",
          "caCertFile",
          "timeoutSeconds");

  private KeySourceJson() {}

  public static KeySourceSpec parse(JsonNode n) {
    if (n == null || n.isNull()) {
      throw new IllegalArgumentException("mungeKeySource must be set");
    }
    if (n.isTextual()) {
      return new KeySourceSpec.FileSource(Path.of(n.asText()));
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException(
          "mungeKeySource must be a path or an object with a type, got " + n.getNodeType());
    }
    String type = text(n, "type").orElse("");
    switch (type) {
      case "file":
        known("mungeKeySource", n, FILE_KEYS, "file");
        return new KeySourceSpec.FileSource(
            Path.of(text(n, "path").orElseThrow(() -> missing("path"))));
      case "vault":
        known("mungeKeySource", n, VAULT_KEYS, "vault");
        return vault(n);
      default:
        throw new IllegalArgumentException(
            "mungeKeySource.type must be file or vault, got '" + type + "'");
    }
  }

  private static KeySourceSpec.VaultSource vault(JsonNode n) {
    String auth = text(n, "auth").orElse("approle");
    String mount = text(n, "authMount").orElse(auth.equals("aws-iam") ? "aws" : auth);
    URI metadata = text(n, "metadataUrl").map(s -> uri("metadataUrl", s)).orElse(null);
    if (metadata != null && auth.equals("approle")) {
      throw new IllegalArgumentException(
          "mungeKeySource.metadataUrl is for auth aws-iam, gcp, azure and oci, not approle");
    }
    VaultLogin login =
        switch (auth) {
          case "approle" ->
              new VaultLogin.AppRole(
                  mount,
                  text(n, "roleId").orElse(null),
                  text(n, "wrappingToken").orElse(null),
                  text(n, "wrappingTokenFile").map(Path::of).orElse(null));
          case "aws-iam" ->
              new VaultLogin.AwsIam(
                  mount,
                  text(n, "role").orElse(null),
                  text(n, "serverIdHeader").orElse(""),
                  metadata);
          case "gcp" -> new VaultLogin.Gcp(mount, text(n, "role").orElse(null), metadata);
          case "azure" ->
              new VaultLogin.Azure(
                  mount, text(n, "role").orElse(null), text(n, "resource").orElse(null), metadata);
          case "oci" ->
              new VaultLogin.Oci(
                  mount,
                  text(n, "role").orElse(null),
                  metadata,
                  text(n, "federationEndpoint")
                      .map(s -> uri("federationEndpoint", s))
                      .orElse(null));
          default ->
              throw new IllegalArgumentException(
                  "mungeKeySource.auth must be approle, aws-iam, gcp, azure or oci, got '"
                      + auth
                      + "'");
        };
    JsonNode t = n.get("timeoutSeconds");
    if (t != null && !t.canConvertToExactIntegral()) {
      throw new IllegalArgumentException("mungeKeySource.timeoutSeconds must be an integer");
    }
    return new KeySourceSpec.VaultSource(
        uri("address", text(n, "address").orElseThrow(() -> missing("address"))),
        text(n, "kvMount").orElse("secret"),
        text(n, "kvPath").orElseThrow(() -> missing("kvPath")),
        text(n, "field").orElse("key"),
        login,
        text(n, "caCertFile").map(Path::of),
        Duration.ofSeconds(t == null ? 10 : t.asLong()));
  }

  /** The settings value; a file source stays the plain path string older agents read. */
  public static JsonNode write(KeySourceSpec spec) {
    ObjectMapper m = new ObjectMapper();
    if (spec instanceof KeySourceSpec.FileSource f) {
      return m.getNodeFactory().textNode(f.path().toString());
    }
    KeySourceSpec.VaultSource v = (KeySourceSpec.VaultSource) spec;
    ObjectNode o = m.createObjectNode();
    o.put("type", "vault");
    o.put("address", v.baseAddress());
    o.put("kvMount", v.kvMount());
    o.put("kvPath", v.kvPath());
    o.put("field", v.field());
    o.put("authMount", v.login().mount());
    if (v.login() instanceof VaultLogin.AppRole a) {
      o.put("auth", "approle");
      o.put("roleId", a.roleId());
      if (a.wrappingTokenFile() != null) {
        o.put("wrappingTokenFile", a.wrappingTokenFile().toString());
      } else {
        o.put("wrappingToken", a.wrappingToken());
      }
    } else if (v.login() instanceof VaultLogin.AwsIam a) {
      o.put("auth", "aws-iam");
      o.put("role", a.role());
      o.put("serverIdHeader", a.serverIdHeader());
    } else if (v.login() instanceof VaultLogin.Gcp g) {
      o.put("auth", "gcp");
      o.put("role", g.role());
    } else if (v.login() instanceof VaultLogin.Azure az) {
      o.put("auth", "azure");
      o.put("role", az.role());
      o.put("resource", az.resource());
    } else if (v.login() instanceof VaultLogin.Oci oci) {
      o.put("auth", "oci");
      o.put("role", oci.role());
      if (oci.federationEndpoint() != null) {
        o.put("federationEndpoint", oci.federationEndpoint().toString());
      }
    }
    if (v.login() instanceof VaultLogin.CloudLogin c) {
      o.put("metadataUrl", c.metadataUrl().toString());
    }
    v.caCertFile().ifPresent(p -> o.put("caCertFile", p.toString()));
    o.put("timeoutSeconds", v.timeout().toSeconds());
    return o;
  }

  /** Refuses keys of {@code n} outside {@code keys}, naming them and the setting. */
  static void known(String setting, JsonNode n, Set<String> keys, String type) {
    List<String> unknown = new ArrayList<>();
    n.fieldNames()
        .forEachRemaining(
            k -> {
              if (!keys.contains(k)) {
                unknown.add(k);
              }
            });
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown " + setting + " keys " + unknown + " for type " + type + "; known: " + keys);
    }
  }

  private static URI uri(String field, String s) {
    try {
      return new URI(s);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "mungeKeySource."
              + field
              + " is not a URL: "
              + e.getReason()
              + " at index "
              + e.getIndex());
    }
  }

  private static Optional<String> text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("mungeKeySource." + field + " must be a string");
    }
    return Optional.of(v.asText());
  }

  private static IllegalArgumentException missing(String field) {
    return new IllegalArgumentException("mungeKeySource." + field + " must be set");
  }
}
