package dev.stratus.daemon.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.api.spi.VaultSettings;
import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.json.Json;
import io.github.jopenlibs.vault.response.LogicalResponse;
import io.github.jopenlibs.vault.response.WrapResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-node AppRole secret-ids, response-wrapped: {@code POST auth/<mount>/role/<role>/secret-id}
 * with {@code X-Vault-Wrap-TTL}, so Vault returns only a wrapping token (single use, {@code
 * wrapTtl}) and the secret-id itself never reaches the controller. The node's name goes into the
 * secret-id's metadata, so Vault's audit log says which node logged in with it. The request also
 * asks for {@code num_uses: 1} and {@code ttl: wrapTtl}, so the secret-id is single-use and
 * short-lived even where the role allows more (Vault refuses values above the role's own limits).
 *
 * <p>With a {@link NodeKeyIssuer}, each node's signing key (derived from the launch's client token)
 * is response-wrapped too ({@code POST sys/wrapping/wrap}, same TTL): the node unwraps it once, as
 * it unwraps its secret-id, and no copy of the key stays in Vault.
 *
 * <p>Revoking takes the accessors: {@code auth/token/revoke-accessor} spends each wrapping token
 * and {@code auth/<mount>/role/<role>/secret-id-accessor/destroy} the secret-id behind the first. A
 * 400 from either means the credential is already spent or expired, which is what revoking wanted.
 */
public final class VaultNodeCredentials implements NodeCredentials {
  private static final Logger log = LoggerFactory.getLogger(VaultNodeCredentials.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final VaultSettings settings;
  private final ControllerVault vault;
  private final NodeKeyIssuer keys;

  /** Secret-ids only: the nodes get no signing key (the controller signs nothing). */
  public VaultNodeCredentials(VaultSettings settings) {
    this(settings, NodeKeyIssuer.NONE);
  }

  public VaultNodeCredentials(VaultSettings settings, NodeKeyIssuer keys) {
    this.settings = settings;
    this.vault = new ControllerVault(settings);
    this.keys = keys;
  }

  @Override
  public Map<String, NodeCredential> issue(List<String> nodeNames, String clientToken)
      throws CredentialException {
    if (settings.roleName().isEmpty()) {
      throw new CredentialException(
          "vault: vault.roleName is not set, so no AppRole secret-id can be issued for "
              + nodeNames,
          false);
    }
    Vault client = vault.client();
    Map<String, NodeCredential> issued = new LinkedHashMap<>();
    try {
      for (String node : nodeNames) {
        NodeCredential c = issueOne(client, node);
        Optional<byte[]> key = keys.keyFor(node, clientToken);
        // withWrappedKey revokes c itself when the key cannot be wrapped
        issued.put(node, key.isPresent() ? withWrappedKey(client, c, key.get()) : c);
      }
      return issued;
    } catch (CredentialException e) {
      for (NodeCredential c : issued.values()) {
        revokeQuietly(c);
      }
      throw e;
    }
  }

  private NodeCredential issueOne(Vault client, String node) throws CredentialException {
    String path = rolePath() + "/secret-id";
    try {
      LogicalResponse r =
          client
              .logical()
              .write(
                  path,
                  Map.of(
                      "metadata",
                      JSON.createObjectNode().put("node", node).toString(),
                      "num_uses",
                      1,
                      "ttl",
                      (int) settings.wrapTtl().toSeconds()),
                  (int) settings.wrapTtl().toSeconds());
      vault.expectSuccess("issue a wrapped secret-id at " + path, r);
      WrapResponse wrap = r.getWrapResponse();
      if (wrap == null || wrap.getToken() == null || wrap.getAccessor() == null) {
        throw new CredentialException(
            "vault: " + path + " answered without wrap_info (is the response wrapped?)", false);
      }
      return new NodeCredential(node, wrap.getToken(), wrap.getAccessor(), wrappedAccessor(r));
    } catch (VaultException e) {
      throw vault.failure("issue a wrapped secret-id at " + path, e);
    }
  }

  /** {@code POST sys/wrapping/wrap} of {@code {"key": base64}}; the key array is zeroed after. */
  private NodeCredential withWrappedKey(Vault client, NodeCredential c, byte[] key)
      throws CredentialException {
    String encoded = Base64.getEncoder().encodeToString(key);
    Arrays.fill(key, (byte) 0);
    try {
      WrapResponse wrap =
          client
              .sys()
              .wrapping()
              .wrap(Json.object().add("key", encoded), (int) settings.wrapTtl().toSeconds());
      if (wrap.getToken() == null || wrap.getAccessor() == null) {
        throw new CredentialException("vault: sys/wrapping/wrap answered without wrap_info", false);
      }
      return new NodeCredential(
          c.nodeName(),
          c.wrappingToken(),
          c.accessor(),
          c.secretIdAccessor(),
          wrap.getToken(),
          wrap.getAccessor());
    } catch (VaultException e) {
      revokeQuietly(c);
      throw vault.failure("wrap the signing key of " + c.nodeName() + " at sys/wrapping/wrap", e);
    } catch (CredentialException e) {
      revokeQuietly(c);
      throw e;
    }
  }

  @Override
  public void revoke(NodeCredential credential) throws CredentialException {
    Vault client = vault.client();
    write(client, "auth/token/revoke-accessor", Map.of("accessor", credential.accessor()));
    if (!credential.nodeKeyAccessor().isEmpty()) {
      write(client, "auth/token/revoke-accessor", Map.of("accessor", credential.nodeKeyAccessor()));
    }
    if (!credential.secretIdAccessor().isEmpty()) {
      write(
          client,
          rolePath() + "/secret-id-accessor/destroy",
          Map.of("secret_id_accessor", credential.secretIdAccessor()));
    }
    log.info("revoked the bootstrap credential of {}", credential.nodeName());
  }

  private void write(Vault client, String path, Map<String, Object> body)
      throws CredentialException {
    try {
      LogicalResponse r = client.logical().write(path, body);
      if (r.getRestResponse().getStatus() == 400) {
        return; // already spent, destroyed or expired
      }
      vault.expectSuccess("revoke at " + path, r);
    } catch (VaultException e) {
      throw vault.failure("revoke at " + path, e);
    }
  }

  private void revokeQuietly(NodeCredential c) {
    try {
      revoke(c);
    } catch (CredentialException e) {
      log.warn("cannot revoke {} ({}); it expires by itself", c, e.getMessage());
    }
  }

  private String rolePath() {
    return "auth/" + settings.authMount() + "/role/" + settings.roleName();
  }

  /** {@code wrap_info.wrapped_accessor}: the secret-id's accessor (the driver does not read it). */
  private static String wrappedAccessor(LogicalResponse r) {
    try {
      JsonNode body = JSON.readTree(r.getRestResponse().getBody());
      return body.path("wrap_info").path("wrapped_accessor").asText("");
    } catch (IOException e) {
      return "";
    }
  }
}
