package dev.stratus.bootstrap.identity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.InstanceProfileCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;

/**
 * An EC2 instance's identity for Vault's AWS auth method, IAM type: the instance profile's
 * temporary credentials from IMDSv2 (the SDK's {@link InstanceProfileCredentialsProvider}: {@code
 * PUT /latest/api/token}, then {@code /latest/meta-data/iam/security-credentials/<role>} with that
 * token) sign {@code POST https://sts.amazonaws.com/} {@code Action=GetCallerIdentity} with SigV4
 * (the SDK's {@link AwsV4HttpSigner}, service {@code sts}, region {@code us-east-1}, time from the
 * injected clock). Vault replays that request to STS, so the headers it gets must be exactly the
 * signed ones, {@code X-Vault-AWS-IAM-Server-ID} among them when the mount requires it. The
 * credentials live only inside this call.
 */
public final class AwsInstanceIdentity implements CloudIdentity {
  static final String STS_URL = "https://sts.amazonaws.com/";
  static final String BODY = "Action=GetCallerIdentity&Version=2011-06-15";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI imds;
  private final Clock clock;

  public AwsInstanceIdentity(URI imds, Clock clock) {
    this.imds = imds;
    this.clock = clock;
  }

  @Override
  public AwsIamRequest awsIam(String serverIdHeader) throws KeySourceException {
    SdkHttpRequest.Builder req =
        SdkHttpRequest.builder()
            .method(SdkHttpMethod.POST)
            .uri(URI.create(STS_URL))
            .putHeader("Content-Type", "application/x-www-form-urlencoded; charset=utf-8");
    if (!serverIdHeader.isEmpty()) {
      req.putHeader("X-Vault-AWS-IAM-Server-ID", serverIdHeader);
    }
    AwsCredentials credentials = credentials();
    SignedRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r ->
                    r.identity(credentials)
                        .request(req.build())
                        .payload(ContentStreamProvider.fromUtf8String(BODY))
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "sts")
                        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                        .putProperty(HttpSigner.SIGNING_CLOCK, clock));
    Map<String, List<String>> headers = new TreeMap<>(signed.request().headers());
    try {
      return new AwsIamRequest("POST", STS_URL, BODY, JSON.writeValueAsString(headers));
    } catch (JsonProcessingException e) {
      throw new KeySourceException("aws identity: the signed request's headers cannot be written");
    }
  }

  private AwsCredentials credentials() throws KeySourceException {
    try (InstanceProfileCredentialsProvider provider =
        InstanceProfileCredentialsProvider.builder()
            .endpoint(imds.toString())
            .asyncCredentialUpdateEnabled(false)
            .build()) {
      return provider.resolveCredentials();
    } catch (SdkException e) {
      throw new KeySourceException(
          "aws identity: instance profile credentials from IMDS at "
              + imds
              + " failed: "
              + sdkMessages(e)
              + "; the instance needs an instance profile (IAM role) and a reachable IMDS");
    }
  }

  /**
   * The SDK's own messages along the cause chain (they name the IMDS step, e.g. "Unable to fetch
   * metadata token", and a 404's path). Other causes (a JSON parser's, which would quote the
   * credentials document) show only their class name.
   */
  static String sdkMessages(Throwable e) {
    List<String> out = new ArrayList<>();
    for (Throwable t = e;
        t != null && out.size() < 4;
        t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SdkException && t.getMessage() != null) {
        String m = t.getMessage().replaceAll("\\s+", " ").strip();
        out.add(m.length() > 200 ? m.substring(0, 200) + "..." : m);
      } else {
        out.add(t.getClass().getSimpleName());
      }
    }
    return String.join(": ", out);
  }
}
