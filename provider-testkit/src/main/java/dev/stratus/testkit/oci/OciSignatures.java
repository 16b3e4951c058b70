package dev.stratus.testkit.oci;

import com.github.tomakehurst.wiremock.http.Request;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What OCI checks of a signed request (Request Signatures, OCI docs; the draft-cavage HTTP
 * signature the SDK writes): {@code Authorization: Signature version="1",keyId="...",
 * algorithm="rsa-sha256",headers="...",signature="..."}; the signed headers include {@code date},
 * {@code (request-target)} and {@code host}, and for a request with a body also {@code
 * content-length}, {@code content-type} and {@code x-content-sha256} (which must be the body's
 * SHA-256); the date is within 5 minutes of the service's clock; and the signature verifies with
 * the public key uploaded for {@code keyId} over the signing string. Answers {@code null} when the
 * request passes, else the message OCI's 401 {@code NotAuthenticated} would carry.
 */
public final class OciSignatures {
  private static final Pattern PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
  private static final List<String> ALWAYS = List.of("date", "(request-target)", "host");
  private static final List<String> WITH_BODY =
      List.of("content-length", "content-type", "x-content-sha256");
  private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();
  private final Clock wallClock = Clock.systemUTC();

  public void trust(String keyId, PublicKey key) {
    keys.put(keyId, key);
  }

  public String refuse(Request req) {
    return refuse(req, keys::get);
  }

  /** With the keys of {@code keyOf} ({@code null}: unknown key id). */
  public String refuse(Request req, Function<String, PublicKey> keyOf) {
    String auth = req.getHeader("Authorization");
    if (auth == null || !auth.startsWith("Signature ")) {
      return "The required information to complete authentication was not provided.";
    }
    Map<String, String> p = params(auth);
    for (String k : List.of("version", "keyId", "algorithm", "headers", "signature")) {
      if (!p.containsKey(k)) {
        return "Missing " + k + " in the Authorization header.";
      }
    }
    if (!"1".equals(p.get("version")) || !"rsa-sha256".equals(p.get("algorithm"))) {
      return "Unsupported signature version or algorithm.";
    }
    List<String> signed = List.of(p.get("headers").toLowerCase(Locale.ROOT).split(" "));
    boolean body = req.getBody() != null && req.getBody().length > 0;
    for (String h : body ? concat(ALWAYS, WITH_BODY) : ALWAYS) {
      if (!signed.contains(h)) {
        return "The signed headers must include " + h + ".";
      }
    }
    String dated = staleDate(req.getHeader("Date"));
    if (dated != null) {
      return dated;
    }
    if (body && !bodyHashMatches(req)) {
      return "The x-content-sha256 header does not match the request body.";
    }
    PublicKey key = keyOf.apply(p.get("keyId"));
    if (key == null) {
      return "The key " + p.get("keyId") + " is not known.";
    }
    return verifies(key, signingString(req, signed), p.get("signature"))
        ? null
        : "The signature does not verify.";
  }

  private String staleDate(String date) {
    if (date == null) {
      return "The date header is missing.";
    }
    ZonedDateTime at = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
    Duration skew = Duration.between(at.toInstant(), wallClock.instant()).abs();
    return skew.compareTo(Duration.ofMinutes(5)) > 0 ? "The date header is too far off." : null;
  }

  private static boolean bodyHashMatches(Request req) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(req.getBody());
      return Base64.getEncoder().encodeToString(d).equals(req.getHeader("x-content-sha256"))
          && String.valueOf(req.getBody().length).equals(req.getHeader("Content-Length"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String signingString(Request req, List<String> signed) {
    StringBuilder s = new StringBuilder();
    for (String h : signed) {
      if (s.length() > 0) {
        s.append('\n');
      }
      String value =
          switch (h) {
            case "(request-target)" ->
                req.getMethod().getName().toLowerCase(Locale.ROOT) + " " + req.getUrl();
            case "host" -> req.getHeader("Host");
            default -> req.getHeader(h);
          };
      s.append(h).append(": ").append(value);
    }
    return s.toString();
  }

  /** The parameters of a {@code Signature ...} Authorization header. */
  public static Map<String, String> params(String authorization) {
    Map<String, String> p = new HashMap<>();
    Matcher m = PARAM.matcher(authorization);
    while (m.find()) {
      p.put(m.group(1), m.group(2));
    }
    return p;
  }

  /** Whether {@code signature} (base64) is {@code key}'s RSA-SHA256 signature of {@code text}. */
  public static boolean verifies(PublicKey key, String text, String signature) {
    try {
      Signature v = Signature.getInstance("SHA256withRSA");
      v.initVerify(key);
      v.update(text.getBytes(StandardCharsets.UTF_8));
      return v.verify(Base64.getDecoder().decode(signature));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
