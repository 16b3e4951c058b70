package dev.stratus.bootstrap.identity;

import com.oracle.bmc.auth.InstancePrincipalsAuthenticationDetailsProvider;
import com.oracle.bmc.http.signing.DefaultRequestSigner;
import com.oracle.bmc.http.signing.RequestSigner;
import com.oracle.bmc.model.BmcException;
import com.oracle.bmc.util.CircuitBreakerUtils;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An OCI instance's identity for Vault's OCI auth method: the instance principal, through the OCI
 * SDK's own {@link InstancePrincipalsAuthenticationDetailsProvider} (the leaf certificate and key
 * from the metadata service at {@code /opc/v2/identity/}, traded at the federation endpoint for a
 * security token bound to a fresh session key), signs {@code GET <vault><path>} with the SDK's
 * request signer. Vault hands the signed headers to OCI's identity service, which checks them and
 * says which instance and dynamic groups asked. The token and the session key live only inside this
 * call; no header value reaches a message.
 */
public final class OciInstanceIdentity implements CloudIdentity {
  private final URI metadata;
  private final URI federation;
  private final Duration timeout;

  /** {@code federation}: {@code null} for the SDK's endpoint of the instance's region. */
  public OciInstanceIdentity(URI metadata, URI federation, Duration timeout) {
    this.metadata = metadata;
    this.federation = federation;
    this.timeout = timeout;
  }

  @Override
  public Map<String, List<String>> ociSignedHeaders(URI vault, String path)
      throws KeySourceException {
    InstancePrincipalsAuthenticationDetailsProvider principal = principal();
    URI target = URI.create(vault.toString() + path);
    Map<String, String> signed;
    try {
      RequestSigner signer = DefaultRequestSigner.createRequestSigner(principal);
      signed = signer.signRequest(target, "GET", new HashMap<>(), null);
    } catch (RuntimeException e) {
      throw failure("request signing", e);
    }
    Map<String, List<String>> headers = new TreeMap<>();
    signed.forEach((name, value) -> headers.put(name.toLowerCase(Locale.ROOT), List.of(value)));
    headers.put("host", List.of(target.getRawAuthority()));
    headers.put("(request-target)", List.of("get " + path));
    return headers;
  }

  private InstancePrincipalsAuthenticationDetailsProvider principal() throws KeySourceException {
    try {
      var b =
          InstancePrincipalsAuthenticationDetailsProvider.builder()
              .metadataBaseUrl(metadata + "/opc/v2/")
              .detectEndpointRetries(1)
              .timeoutForEachRetry((int) Math.max(1, timeout.toSeconds()))
              .circuitBreakerConfigurator(CircuitBreakerUtils.getNoCircuitBreakerConfiguration());
      if (federation != null) {
        b.federationEndpoint(federation.toString());
      }
      return b.build();
    } catch (RuntimeException e) {
      throw failure("instance principal from " + metadata + "/opc/v2/identity", e);
    }
  }

  /** Names the step and the exception's kind; SDK messages may quote a token, so they stay out. */
  private static KeySourceException failure(String step, RuntimeException e) {
    String status =
        e instanceof BmcException b && b.getStatusCode() > 0
            ? " (HTTP " + b.getStatusCode() + ")"
            : "";
    return new KeySourceException(
        "oci identity: " + step + " failed: " + e.getClass().getSimpleName() + status);
  }
}
