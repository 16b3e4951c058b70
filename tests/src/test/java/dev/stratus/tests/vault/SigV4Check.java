package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;

/**
 * STS's side of a SigV4-signed {@code GetCallerIdentity} as Vault forwards it: the Authorization
 * header's credential scope is {@code <access key>/<X-Amz-Date's day>/us-east-1/sts/aws4_request},
 * the date is within 15 minutes of now, the session token is the instance's, the Vault server-id
 * header (when the mount requires one) is present and signed, and the signature is the one these
 * credentials give for exactly the signed headers and body: recomputed with the SDK's signer at the
 * request's own X-Amz-Date, so a request signed with other credentials, another region or service,
 * or altered after signing does not pass.
 */
final class SigV4Check {
  private static final Pattern AUTH =
      Pattern.compile(
          "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request,"
              + " SignedHeaders=([^,]+), Signature=([0-9a-f]{64})");
  private static final DateTimeFormatter AMZ_DATE =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Set<String> SIGNER_ADDS =
      Set.of("host", "x-amz-date", "x-amz-security-token");

  private final AwsSessionCredentials instance;
  private final String serverId;

  SigV4Check(AwsSessionCredentials instance, String serverId) {
    this.instance = instance;
    this.serverId = serverId;
  }

  String check(JsonNode headers, String body, Instant now) {
    Matcher m = AUTH.matcher(header(headers, "Authorization"));
    if (!m.matches()) {
      return "STS: IncompleteSignature: the Authorization header is not SigV4";
    }
    Instant signedAt;
    try {
      signedAt = Instant.from(AMZ_DATE.parse(header(headers, "X-Amz-Date")));
    } catch (DateTimeParseException e) {
      return "STS: IncompleteSignature: no valid X-Amz-Date";
    }
    if (Duration.between(signedAt, now).abs().compareTo(Duration.ofMinutes(15)) > 0) {
      return "STS: SignatureDoesNotMatch: Signature expired";
    }
    if (!m.group(1).equals(instance.accessKeyId())) {
      return "STS: InvalidClientTokenId: The security token included in the request is invalid";
    }
    if (!m.group(2).equals(AMZ_DATE.format(signedAt).substring(0, 8))
        || !m.group(3).equals("us-east-1")
        || !m.group(4).equals("sts")) {
      return "STS: SignatureDoesNotMatch: Credential should be scoped to a valid region/sts";
    }
    List<String> signed = Arrays.asList(m.group(5).split(";"));
    if (!instance.sessionToken().equals(header(headers, "X-Amz-Security-Token"))
        || !signed.contains("x-amz-security-token")) {
      return "STS: InvalidClientTokenId: The security token included in the request is invalid";
    }
    if (!serverId.isEmpty()) {
      String got = header(headers, "X-Vault-AWS-IAM-Server-ID");
      if (got.isEmpty() || !signed.contains("x-vault-aws-iam-server-id")) {
        return "missing header \"X-Vault-AWS-IAM-Server-ID\"";
      }
      if (!got.equals(serverId)) {
        return "expected \"" + serverId + "\" but got \"" + got + "\"";
      }
    }
    return expected(headers, signed, body, signedAt).equals(header(headers, "Authorization"))
        ? null
        : "STS: SignatureDoesNotMatch: The request signature we calculated does not match the"
            + " signature you provided";
  }

  private String expected(JsonNode headers, List<String> signed, String body, Instant at) {
    SdkHttpRequest.Builder req =
        SdkHttpRequest.builder()
            .method(SdkHttpMethod.POST)
            .uri(URI.create("https://sts.amazonaws.com/"));
    List<String> names = new ArrayList<>();
    headers.fieldNames().forEachRemaining(names::add);
    for (String name : names) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (signed.contains(lower) && !SIGNER_ADDS.contains(lower)) {
        req.putHeader(name, header(headers, name));
      }
    }
    return AwsV4HttpSigner.create()
        .sign(
            r ->
                r.identity(instance)
                    .request(req.build())
                    .payload(ContentStreamProvider.fromUtf8String(body))
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "sts")
                    .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                    .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(at, ZoneOffset.UTC)))
        .request()
        .firstMatchingHeader("Authorization")
        .orElse("");
  }

  /** Vault takes {@code {"Name":["v"]}} or {@code {"Name":"v"}}; names case-insensitive. */
  private static String header(JsonNode headers, String name) {
    List<String> names = new ArrayList<>();
    headers.fieldNames().forEachRemaining(names::add);
    for (String n : names) {
      if (n.equalsIgnoreCase(name)) {
        JsonNode v = headers.get(n);
        return v.isArray() ? (v.size() == 1 ? v.get(0).asText() : "") : v.asText();
      }
    }
    return "";
  }
}
