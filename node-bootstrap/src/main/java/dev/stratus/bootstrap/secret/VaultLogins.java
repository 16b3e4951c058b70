package dev.stratus.bootstrap.secret;

import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.json.Json;
import io.github.jopenlibs.vault.json.JsonArray;
import io.github.jopenlibs.vault.json.JsonObject;
import io.github.jopenlibs.vault.response.AuthResponse;
import io.github.jopenlibs.vault.response.UnwrapResponse;
import io.github.jopenlibs.vault.rest.Rest;
import io.github.jopenlibs.vault.rest.RestException;
import io.github.jopenlibs.vault.rest.RestResponse;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Logs in to Vault by the configured {@link VaultLogin} and returns the client token. Every
 * credential met on the way is handed to the {@link Redactor} before anything can fail with it.
 */
final class VaultLogins {
  private final VaultClients clients;
  private final CloudIdentity identity;
  private final Redactor secrets;

  VaultLogins(VaultClients clients, CloudIdentity identity, Redactor secrets) {
    this.clients = clients;
    this.identity = identity;
    this.secrets = secrets;
  }

  String login(VaultLogin login) throws KeySourceException {
    // Java 17: no pattern switch yet; the sealed interface keeps this list complete.
    if (login instanceof VaultLogin.AppRole a) {
      return appRole(a);
    }
    if (login instanceof VaultLogin.AwsIam a) {
      return awsIam(a);
    }
    if (login instanceof VaultLogin.Gcp g) {
      String jwt = remember(identity.gcpJwt(g.role()));
      return post(g.mount(), Json.object().add("role", g.role()).add("jwt", jwt));
    }
    if (login instanceof VaultLogin.Oci oci) {
      return oci(oci);
    }
    return azure((VaultLogin.Azure) login);
  }

  /**
   * Vault's OCI auth method: {@code POST /v1/auth/<mount>/login/<role>} with the headers of the
   * same path's GET, signed by the instance principal, in {@code request_headers}. The signature
   * and the security token inside it are remembered as secrets.
   */
  private String oci(VaultLogin.Oci oci) throws KeySourceException {
    String path = "/v1/auth/" + oci.mount() + "/login/" + oci.role();
    Map<String, List<String>> headers =
        identity.ociSignedHeaders(URI.create(clients.spec().baseAddress()), path);
    JsonObject signed = Json.object();
    headers.forEach(
        (name, values) -> {
          JsonArray list = new JsonArray();
          values.forEach(
              v -> {
                if (name.equalsIgnoreCase("authorization")) {
                  remember(v);
                }
                list.add(v);
              });
          signed.add(name, list);
        });
    return post(
        oci.mount() + " login",
        oci.mount() + "/login/" + oci.role(),
        Json.object().add("request_headers", signed));
  }

  /** Unwrap ({@code POST sys/wrapping/unwrap}, the wrapping token as X-Vault-Token), then login. */
  private String appRole(VaultLogin.AppRole a) throws KeySourceException {
    String wrapping =
        a.wrappingTokenFile() == null
            ? a.wrappingToken()
            : WrappingTokenFile.take(a.wrappingTokenFile());
    remember(wrapping);
    Vault vault = clients.client(null);
    String secretId;
    try {
      UnwrapResponse unwrapped = vault.auth().unwrap(wrapping, false);
      JsonObject data = unwrapped.getData();
      secretId = data == null ? null : data.getString("secret_id", null);
    } catch (VaultException e) {
      throw VaultFailure.of("unwrap", address(), e, "", secrets);
    } catch (RuntimeException e) {
      throw new KeySourceException(
          "vault unwrap failed at "
              + address()
              + ": unreadable answer ("
              + e.getClass().getName()
              + ")");
    }
    if (secretId == null || secretId.isBlank()) {
      throw new KeySourceException(
          "vault unwrap at "
              + address()
              + " gave no secret_id: the wrapping token did not wrap an AppRole secret-id");
    }
    remember(secretId);
    try {
      AuthResponse auth = vault.auth().loginByAppRole(a.mount(), a.roleId(), secretId);
      return token(auth, "approle login");
    } catch (VaultException e) {
      throw VaultFailure.of(
          "approle login",
          address(),
          e,
          "role_id and secret-id must belong to the same role on auth/" + a.mount(),
          secrets);
    }
  }

  private String awsIam(VaultLogin.AwsIam a) throws KeySourceException {
    CloudIdentity.AwsIamRequest req = identity.awsIam(a.serverIdHeader());
    Base64.Encoder b64 = Base64.getEncoder();
    // Vault gets the headers base64-encoded and may echo them; the signature and the session
    // token are what must never show, whole or as part of an echo.
    remember(req.headersJson());
    remember(b64.encodeToString(req.headersJson().getBytes(StandardCharsets.UTF_8)));
    signedHeaderValues(req.headersJson()).forEach(this::remember);
    try {
      AuthResponse auth =
          clients
              .client(null)
              .auth()
              .loginByAwsIam(
                  a.role(),
                  b64.encodeToString(req.url().getBytes(StandardCharsets.UTF_8)),
                  b64.encodeToString(req.body().getBytes(StandardCharsets.UTF_8)),
                  b64.encodeToString(req.headersJson().getBytes(StandardCharsets.UTF_8)),
                  a.mount());
      return token(auth, "aws login");
    } catch (VaultException e) {
      throw VaultFailure.of(
          "aws login",
          address(),
          e,
          "the instance role must be bound to Vault role " + a.role(),
          secrets);
    }
  }

  private String azure(VaultLogin.Azure az) throws KeySourceException {
    CloudIdentity.AzureIdentity id = identity.azure(az.resource());
    JsonObject body =
        Json.object()
            .add("role", az.role())
            .add("jwt", remember(id.jwt()))
            .add("subscription_id", id.subscriptionId())
            .add("resource_group_name", id.resourceGroupName())
            .add("vm_name", id.vmName());
    if (!id.vmssName().isEmpty()) {
      body.add("vmss_name", id.vmssName());
    }
    return post(az.mount(), body);
  }

  /** {@code POST /v1/auth/<mount>/login} with a JSON body (the driver has no Azure login). */
  private String post(String mount, JsonObject body) throws KeySourceException {
    return post(mount + " login", mount + "/login", body);
  }

  /** {@code POST /v1/auth/<authPath>}; {@code step} names it in a failure. */
  private String post(String step, String authPath, JsonObject body) throws KeySourceException {
    try {
      RestResponse r =
          new Rest()
              .url(clients.spec().baseAddress() + "/v1/auth/" + authPath)
              .header("X-Vault-Request", "true")
              .body(body.toString().getBytes(StandardCharsets.UTF_8))
              .connectTimeoutSeconds(clients.seconds())
              .readTimeoutSeconds(clients.seconds())
              .post();
      if (r.getStatus() != 200) {
        throw VaultFailure.of(step, address(), r.getStatus(), r.getBody(), "", secrets);
      }
      return token(new AuthResponse(r, 0), step);
    } catch (RestException e) {
      throw VaultFailure.of(step, address(), new VaultException(e), "", secrets);
    }
  }

  private String token(AuthResponse auth, String step) throws KeySourceException {
    String token = auth.getAuthClientToken();
    if (token == null || token.isBlank()) {
      throw new KeySourceException(
          "vault " + step + " at " + address() + " answered without auth.client_token");
    }
    return remember(token);
  }

  /** The values of the Authorization and X-Amz-Security-Token headers ({"Name":["value"]}). */
  static List<String> signedHeaderValues(String headersJson) {
    List<String> out = new ArrayList<>();
    try {
      JsonObject headers = Json.parse(headersJson).asObject();
      for (String name : headers.names()) {
        if (name.equalsIgnoreCase("Authorization")
            || name.equalsIgnoreCase("X-Amz-Security-Token")) {
          headers.get(name).asArray().forEach(v -> out.add(v.asString()));
        }
      }
    } catch (RuntimeException e) {
      // not the documented shape: the whole document is remembered anyway
    }
    return out;
  }

  private String remember(String secret) {
    secrets.add(secret);
    return secret;
  }

  private String address() {
    return clients.spec().baseAddress();
  }
}
