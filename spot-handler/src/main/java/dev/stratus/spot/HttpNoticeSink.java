package dev.stratus.spot;

import dev.stratus.core.model.InterruptionNotice;
import dev.stratus.core.notice.NoticeJsonCodec;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * POSTs each notice as JSON ({@link NoticeJsonCodec}) to the controller. Any 2xx answer means
 * accepted; anything else, or no answer within the timeout, is a refusal (the watcher tries again).
 */
public final class HttpNoticeSink implements NoticeSink {
  private final URI url;
  private final Duration timeout;
  private final MetadataHttp http = new MetadataHttp();

  public HttpNoticeSink(URI url, Duration timeout) {
    this.url = url;
    this.timeout = timeout;
  }

  @Override
  public void report(InterruptionNotice notice) throws IOException {
    MetadataHttp.Response r;
    try {
      r =
          http.send(
              "POST",
              url,
              Map.of("Content-Type", "application/json"),
              NoticeJsonCodec.write(notice),
              timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reporting to " + url, e);
    }
    if (r.status() / 100 != 2) {
      throw new MetadataServiceException("POST", url, r.status(), r.body());
    }
  }
}
