package dev.stratus.spot;

import java.io.IOException;
import java.net.URI;

/** The metadata service (or the controller) answered with a status the caller cannot use. */
public final class MetadataServiceException extends IOException {
  private final int status;

  public MetadataServiceException(String method, URI uri, int status, String body) {
    super(method + " " + uri + " answered HTTP " + status + excerpt(body));
    this.status = status;
  }

  public int status() {
    return status;
  }

  private static String excerpt(String body) {
    if (body == null || body.isBlank()) {
      return "";
    }
    String oneLine = body.strip().replaceAll("\\s+", " ");
    return ": " + (oneLine.length() > 200 ? oneLine.substring(0, 200) + "..." : oneLine);
  }
}
