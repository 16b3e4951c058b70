package dev.stratus.spot;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The IMDSv2 session token: {@code PUT /latest/api/token} with {@code
 * X-aws-ec2-metadata-token-ttl-seconds}, then sent as {@code X-aws-ec2-metadata-token}. Cached and
 * renewed a little before it expires (by the injected clock), and at once after a 401 (the service
 * restarted, or the clocks disagree).
 */
final class ImdsTokens {
  static final String TTL_HEADER = "X-aws-ec2-metadata-token-ttl-seconds";
  static final String TOKEN_HEADER = "X-aws-ec2-metadata-token";

  private final MetadataHttp http;
  private final URI tokenUri;
  private final Duration ttl;
  private final Duration margin;
  private final Clock clock;
  private String token;
  private Instant renewAt = Instant.MIN;

  ImdsTokens(MetadataHttp http, URI base, Duration ttl, Clock clock) {
    if (ttl.toSeconds() < 2 || ttl.toSeconds() > 21_600) {
      throw new IllegalArgumentException("IMDSv2 token ttl must be 2..21600 s, got " + ttl);
    }
    this.http = http;
    this.tokenUri = base.resolve("/latest/api/token");
    this.ttl = ttl;
    // Renew a minute early, or half-way for short test TTLs.
    this.margin =
        ttl.dividedBy(2).compareTo(Duration.ofMinutes(1)) < 0
            ? ttl.dividedBy(2)
            : Duration.ofMinutes(1);
    this.clock = clock;
  }

  synchronized String token() throws IOException, InterruptedException {
    Instant now = clock.instant();
    if (token == null || !now.isBefore(renewAt)) {
      MetadataHttp.Response r =
          http.send(
              "PUT",
              tokenUri,
              Map.of(TTL_HEADER, Long.toString(ttl.toSeconds())),
              null,
              MetadataHttp.REQUEST_TIMEOUT);
      if (!r.ok() || r.body().isBlank()) {
        throw new MetadataServiceException("PUT", tokenUri, r.status(), r.body());
      }
      token = r.body().strip();
      renewAt = now.plus(ttl).minus(margin);
    }
    return token;
  }

  synchronized void invalidate() {
    token = null;
  }
}
