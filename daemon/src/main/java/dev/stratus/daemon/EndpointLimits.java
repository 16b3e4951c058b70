package dev.stratus.daemon;

import java.time.Duration;

/**
 * What bounds the endpoint's work, so one slow or flooding client cannot stop the notices of the
 * others: worker threads, how long a connection may take to deliver its request (headers and body)
 * and may stay idle, header and body sizes, and per source address a request rate and a number of
 * open connections.
 *
 * @param maxThreads Jetty's worker pool (acceptor and selector included)
 * @param idleTimeout a connection with no bytes for this long is closed
 * @param requestDeadline a connection that has not delivered a whole request this long after it
 *     opened is closed (a client trickling its headers or body byte by byte)
 * @param maxHeaderBytes request line and headers together; larger gets 431
 * @param maxBodyBytes larger gets 413
 * @param requestsPerSecond per source address; more gets 429
 * @param connectionsPerSource open connections per source address; more are closed at once
 * @param maxSources source addresses whose rate is tracked (least recently seen forgotten first)
 * @param maxNonces nonces of accepted requests remembered within the replay window
 */
public record EndpointLimits(
    int maxThreads,
    Duration idleTimeout,
    Duration requestDeadline,
    int maxHeaderBytes,
    int maxBodyBytes,
    int requestsPerSecond,
    int connectionsPerSource,
    int maxSources,
    int maxNonces) {
  /** A notice endpoint's traffic: a few requests per node per minute, bodies under 1 KiB. */
  public static final EndpointLimits DEFAULTS =
      new EndpointLimits(
          16,
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          8 * 1024,
          16 * 1024,
          20,
          8,
          4096,
          100_000);

  public EndpointLimits {
    if (maxThreads < 4
        || maxHeaderBytes < 1024
        || maxBodyBytes < 1
        || requestsPerSecond < 1
        || connectionsPerSource < 1
        || maxSources < 1
        || maxNonces < 1
        || idleTimeout.isNegative()
        || idleTimeout.isZero()
        || requestDeadline.isNegative()
        || requestDeadline.isZero()) {
      throw new IllegalArgumentException("endpoint limits out of range: " + this);
    }
  }
}
